package org.hcasim.spi;

/**
 * A plugin's configuration key has a value the plugin cannot use. This is bad user input, not a bug:
 * hcasim reports it as one line ({@code nvmeof.host.queue-size = 8: must be in 16..1024}) with the
 * user-error exit code. Plugins throw it from their settings validation because they cannot see hca-core's
 * own user-error type.
 */
public final class InvalidSettingException extends IllegalArgumentException {
    private final String key;
    private final String value;
    private final String allowed;

    /**
     * @param key     the configuration key, e.g. {@code nvmeof.host.queue-size}
     * @param value   the value as configured
     * @param allowed what is allowed instead, e.g. {@code must be in 16..1024}
     */
    public InvalidSettingException(String key, String value, String allowed) {
        super(key + " = " + value + ": " + allowed);
        this.key = key;
        this.value = value;
        this.allowed = allowed;
    }

    public String key() {
        return key;
    }

    public String value() {
        return value;
    }

    public String allowed() {
        return allowed;
    }
}
