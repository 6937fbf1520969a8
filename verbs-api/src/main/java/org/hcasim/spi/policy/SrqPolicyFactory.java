package org.hcasim.spi.policy;

/** Creates an {@link SrqPolicy} for a role. */
public interface SrqPolicyFactory extends PolicyFactory<SrqPolicy> {
}
