package org.hcasim.ulp.iser;

import java.util.List;
import java.util.Optional;
import org.hcasim.block.BlockProtocol;
import org.hcasim.spi.DocumentedUlpProvider;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.ulp.iser.experiment.PiMttKlmExperiment;

/** The iser plugin: iSCSI Extensions for RDMA: initiator and target. */
public final class IserProvider extends DocumentedUlpProvider {

    public IserProvider() {
        super("iser", "iSCSI Extensions for RDMA: initiator and target");
    }

    @Override
    public Optional<BlockProtocol> blockProtocol() {
        return Optional.of(new IserBlockProtocol(defaultConfiguration()));
    }

    @Override
    public List<ExperimentDefinition> experiments() {
        return List.of(new PiMttKlmExperiment());
    }
}
