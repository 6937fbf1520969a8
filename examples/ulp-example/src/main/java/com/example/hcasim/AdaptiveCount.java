package com.example.hcasim;

import org.hcasim.spi.policy.CqPolicy;
import org.hcasim.spi.policy.CqPolicyFactory;
import org.hcasim.spi.policy.PolicyContext;
import org.hcasim.spi.settings.Settings;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.Moderation;
import org.hcasim.verbs.RdmaDevice;

/**
 * A CQ moderator: each CQ starts with a moderation count; after every polling pass, a pass that found at least
 * twice the count doubles it (up to a maximum) and a pass that found less than the count halves it. Each change
 * is a MODIFY_CQ command, which the HCA's command interface serialises and charges.
 */
final class AdaptiveCount implements CqPolicy {
    static final String NAME = "example-adaptive-count";

    private final int initial;
    private final int max;
    private final int periodUs;

    AdaptiveCount(int initial, int max, int periodUs) {
        this.initial = initial;
        this.max = max;
        this.periodUs = periodUs;
    }

    static final class Factory implements CqPolicyFactory {
        @Override public String name() { return NAME; }

        @Override public String description() {
            return "moderation count doubled after busy polling passes and halved after quiet ones";
        }

        @Override public CqPolicy create(PolicyContext context) {
            Settings s = Settings.of(context.config(), new ExampleProvider().defaultConfiguration());
            int max = s.integer("example.adaptive-count.max", 1, Moderation.MAX_COUNT);
            return new AdaptiveCount(s.integer("example.adaptive-count.initial", 1, max), max,
                    s.integer("example.adaptive-count.period-us", 0, Moderation.MAX_PERIOD_US));
        }
    }

    @Override
    public CompletionQueue createCq(RdmaDevice device, CqInit requested) {
        CompletionQueue cq = device.createCq(requested);
        cq.modifyModeration(initial, periodUs);
        cq.setPollPassListener(this::pollPass);
        return cq;
    }

    private void pollPass(CompletionQueue cq, int completions, long nowNs) {
        int count = cq.moderation().count();
        int next = completions >= 2 * count ? Math.min(max, 2 * count)
                : completions < count ? Math.max(1, count / 2) : count;
        if (next != count) {
            cq.modifyModeration(next, periodUs);
        }
    }
}
