package org.hcasim.spi.policy;

import java.util.List;

/**
 * The policies installed in this hcasim (built in, and contributed by plugins), as a role picks them. A role
 * names its choice with a configuration key of its own; the registry reads it, finds the factory and creates
 * the policy for the role. An unknown name is an {@link org.hcasim.spi.InvalidSettingException} listing the
 * choices. Every policy created is recorded for the run report ("policies in force").
 *
 * <p>Given to roles by their context ({@code BlockInitiatorContext.policies()}, ...) and bound in each
 * testbed's injector.
 */
public interface PolicyRegistry {

    /** The names of the installed policies of {@code kind}, sorted. */
    List<String> names(PolicyKind kind);

    /** The registration policy the value of {@code key} names (e.g. {@code nvmeof.host.registration-policy}). */
    default RegistrationPolicy registration(String key) {
        return registration(key, null);
    }

    /**
     * The registration policy {@code name}, created for the role of {@code key}; {@code name} null reads it
     * from {@code key}. A role that derives the name from other keys (e.g. {@code register-always}) passes it.
     */
    RegistrationPolicy registration(String key, String name);

    /** The CQ policy the value of {@code key} names (e.g. {@code nvmeof.host.cq-policy}). */
    default CqPolicy cq(String key) {
        return cq(key, null);
    }

    /** The CQ policy {@code name} (null: read from {@code key}), created for the role of {@code key}. */
    CqPolicy cq(String key, String name);

    /** The SRQ policy the value of {@code key} names (e.g. {@code nvmeof.target.srq-policy}). */
    default SrqPolicy srq(String key) {
        return srq(key, null);
    }

    /** The SRQ policy {@code name} (null: read from {@code key}), created for the role of {@code key}. */
    SrqPolicy srq(String key, String name);
}
