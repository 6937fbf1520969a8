package org.hcasim.ulp.rds;

import org.hcasim.spi.DocumentedUlpProvider;

/** The rds plugin: Reliable Datagram Sockets over InfiniBand: endpoints and rds-stress. */
public final class RdsProvider extends DocumentedUlpProvider {

    public RdsProvider() {
        super("rds", "Reliable Datagram Sockets over InfiniBand: endpoints and rds-stress");
    }
}
