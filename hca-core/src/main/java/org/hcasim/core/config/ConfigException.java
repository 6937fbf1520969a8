package org.hcasim.core.config;

/** A bad configuration: unknown key, unparsable value, unresolved {@code ${...}}, unreadable file. */
public class ConfigException extends UserException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
