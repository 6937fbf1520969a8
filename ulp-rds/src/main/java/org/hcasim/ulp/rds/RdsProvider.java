package org.hcasim.ulp.rds;

import java.util.Optional;
import org.hcasim.spi.DocumentedUlpProvider;
import org.hcasim.spi.MessageProtocol;

/** The rds plugin: Reliable Datagram Sockets over RDMA: endpoints and rds-stress. */
public final class RdsProvider extends DocumentedUlpProvider {

    public RdsProvider() {
        super("rds", "Reliable Datagram Sockets over RDMA: endpoints and rds-stress");
    }

    @Override
    public Optional<MessageProtocol> messageProtocol() {
        return Optional.of(new RdsMessageProtocol(defaultConfiguration()));
    }
}
