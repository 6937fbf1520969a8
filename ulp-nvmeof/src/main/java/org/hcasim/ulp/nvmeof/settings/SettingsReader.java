package org.hcasim.ulp.nvmeof.settings;

import java.util.Map;
import org.hcasim.spi.InvalidSettingException;

/**
 * Typed access to the plugin's keys in an effective configuration. A key missing from the map takes the
 * plugin's documented default; a malformed or out-of-range value is an {@link InvalidSettingException}
 * (a user error) naming the key, the value and what is allowed.
 */
final class SettingsReader {
    private final Map<String, String> config;
    private final Map<String, String> defaults;

    SettingsReader(Map<String, String> config, Map<String, String> defaults) {
        this.config = config;
        this.defaults = defaults;
    }

    String raw(String key) {
        String v = config.get(key);
        if (v == null) {
            v = defaults.get(key);
        }
        if (v == null) {
            throw new IllegalStateException("nvmeof plugin reads " + key + " but has no default for it");
        }
        return v.strip();
    }

    int integer(String key, int min, int max) {
        String v = raw(key);
        int n;
        try {
            n = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(key, v, "not an integer");
        }
        if (n < min || n > max) {
            throw new InvalidSettingException(key, v, "must be in " + min + ".." + max);
        }
        return n;
    }

    long nanos(String key) {
        return integer(key, 0, 1_000_000_000);
    }

    boolean bool(String key) {
        String v = raw(key);
        return switch (v.toLowerCase(java.util.Locale.ROOT)) {
            case "true", "yes", "on", "1" -> true;
            case "false", "no", "off", "0" -> false;
            default -> throw new InvalidSettingException(key, v, "not a boolean (true or false)");
        };
    }
}
