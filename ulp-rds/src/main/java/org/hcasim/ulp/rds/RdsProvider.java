package org.hcasim.ulp.rds;

import java.util.Map;
import org.hcasim.spi.DocumentedDefaults;
import org.hcasim.spi.UlpProvider;

/** The rds plugin: Reliable Datagram Sockets over InfiniBand: endpoints and rds-stress. */
public final class RdsProvider implements UlpProvider {

    /** Keys and their documentation, from {@code defaults.properties} next to this class. */
    private static final DocumentedDefaults DEFAULTS = DocumentedDefaults.fromResource(RdsProvider.class, "defaults.properties");

    @Override
    public String name() {
        return "rds";
    }

    @Override
    public String description() {
        return "Reliable Datagram Sockets over InfiniBand: endpoints and rds-stress";
    }

    @Override
    public Map<String, String> defaultConfiguration() {
        return DEFAULTS.values();
    }

    @Override
    public Map<String, String> configDoc() {
        return DEFAULTS.docs();
    }
}
