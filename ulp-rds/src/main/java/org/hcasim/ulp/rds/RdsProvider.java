package org.hcasim.ulp.rds;

import java.util.Map;
import org.hcasim.spi.UlpProvider;

/** The rds plugin. */
public final class RdsProvider implements UlpProvider {
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
        return Map.of();
    }
}
