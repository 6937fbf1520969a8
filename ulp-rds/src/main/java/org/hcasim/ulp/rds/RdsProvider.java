package org.hcasim.ulp.rds;

import java.util.List;
import java.util.Optional;
import org.hcasim.spi.DocumentedUlpProvider;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.MessageProtocol;
import org.hcasim.spi.UlpTool;
import org.hcasim.ulp.rds.experiment.RdsDimExperiment;
import org.hcasim.ulp.rds.stress.RdsStressTool;

/** The rds plugin: Reliable Datagram Sockets over RDMA: endpoints and rds-stress. */
public final class RdsProvider extends DocumentedUlpProvider {

    public RdsProvider() {
        super("rds", "Reliable Datagram Sockets over RDMA: endpoints and rds-stress");
    }

    @Override
    public Optional<MessageProtocol> messageProtocol() {
        return Optional.of(new RdsMessageProtocol(defaultConfiguration()));
    }

    @Override
    public List<UlpTool> tools() {
        return List.of(new RdsStressTool());
    }

    @Override
    public List<ExperimentDefinition> experiments() {
        return List.of(new RdsDimExperiment());
    }
}
