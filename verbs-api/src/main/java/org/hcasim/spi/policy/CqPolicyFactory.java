package org.hcasim.spi.policy;

/** Creates a {@link CqPolicy} for a role. */
public interface CqPolicyFactory extends PolicyFactory<CqPolicy> {
}
