package org.hcasim.spi.policy;

import java.util.Map;

/**
 * What a {@link PolicyFactory} creates a policy from.
 *
 * @param role   the role the policy serves: the selecting key without its last segment ({@code nvmeof.host})
 * @param key    the configuration key that selected it ({@code nvmeof.host.registration-policy})
 * @param config the effective configuration (reading a key marks it as used)
 */
public record PolicyContext(String role, String key, Map<String, String> config) {
    public PolicyContext {
        java.util.Objects.requireNonNull(role, "role");
        java.util.Objects.requireNonNull(key, "key");
        java.util.Objects.requireNonNull(config, "config");
    }

    /** The context of the policy {@code key} selects: its role is the key without the last segment. */
    public static PolicyContext forKey(String key, Map<String, String> config) {
        int dot = key.lastIndexOf('.');
        return new PolicyContext(dot < 0 ? key : key.substring(0, dot), key, config);
    }
}
