package org.hcasim.spi.policy;

/** Creates a {@link RegistrationPolicy} for a role. */
public interface RegistrationPolicyFactory extends PolicyFactory<RegistrationPolicy> {
}
