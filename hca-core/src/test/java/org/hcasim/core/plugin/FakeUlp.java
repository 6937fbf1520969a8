package org.hcasim.core.plugin;

import java.util.Map;
import org.hcasim.spi.UlpProvider;

/** A plugin on the test class path. */
public final class FakeUlp implements UlpProvider {
    @Override
    public String name() {
        return "fake";
    }

    @Override
    public String description() {
        return "a fake plugin for tests";
    }

    @Override
    public Map<String, String> defaultConfiguration() {
        return Map.of("fake.depth", "8");
    }
}
