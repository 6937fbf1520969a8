package org.hcasim.core.plugin;

import org.hcasim.core.config.UserException;

/** A plugin that cannot be used: not installed, installed twice, broken jar or services file. */
public class PluginException extends UserException {
    private static final long serialVersionUID = 1L;

    public PluginException(String message) {
        super(message);
    }

    public PluginException(String message, Throwable cause) {
        super(message, cause);
    }
}
