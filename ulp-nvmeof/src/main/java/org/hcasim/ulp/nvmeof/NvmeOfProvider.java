package org.hcasim.ulp.nvmeof;

import java.util.List;
import java.util.Optional;
import org.hcasim.block.BlockProtocol;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.ulp.nvmeof.experiment.InlineUmrExperiment;
import org.hcasim.ulp.nvmeof.experiment.SrqPerVectorExperiment;
import org.hcasim.spi.DocumentedUlpProvider;

/** The nvmeof plugin: NVMe over Fabrics on RDMA: host and target. */
public final class NvmeOfProvider extends DocumentedUlpProvider {

    public NvmeOfProvider() {
        super("nvmeof", "NVMe over Fabrics on RDMA: host and target");
    }

    @Override
    public Optional<BlockProtocol> blockProtocol() {
        return Optional.of(new NvmeOfBlockProtocol(defaultConfiguration()));
    }

    @Override
    public List<ExperimentDefinition> experiments() {
        return List.of(new InlineUmrExperiment(), new SrqPerVectorExperiment());
    }
}
