package org.hcasim.spi;

import java.util.Map;

/**
 * A provider whose defaults are the {@code defaults.properties} next to its class, documented as
 * {@link DocumentedDefaults} requires. Subclasses state their name and description and override
 * only what they contribute.
 */
public abstract class DocumentedUlpProvider implements UlpProvider {

    private final String name;
    private final String description;
    private final DocumentedDefaults defaults;

    protected DocumentedUlpProvider(String name, String description) {
        this.name = name;
        this.description = description;
        this.defaults = DocumentedDefaults.fromResource(getClass(), "defaults.properties");
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Map<String, String> defaultConfiguration() {
        return defaults.values();
    }

    @Override
    public final Map<String, String> configDoc() {
        return defaults.docs();
    }
}
