package com.example.hcasim;

import java.util.List;
import org.hcasim.spi.DocumentedUlpProvider;
import org.hcasim.spi.policy.CqPolicyFactory;
import org.hcasim.spi.policy.RegistrationPolicyFactory;

/** A plugin that brings policies only: any role of any installed protocol may select them by name. */
public final class ExampleProvider extends DocumentedUlpProvider {

    public ExampleProvider() {
        super("example", "example policies: an adaptive-count CQ moderator and a register-large registration policy");
    }

    @Override
    public List<CqPolicyFactory> cqPolicies() {
        return List.of(new AdaptiveCount.Factory());
    }

    @Override
    public List<RegistrationPolicyFactory> registrationPolicies() {
        return List.of(new RegisterLarge.Factory());
    }
}
