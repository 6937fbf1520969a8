package org.hcasim.ulp.nvmeof;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hcasim.block.BlockProtocol;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.ulp.nvmeof.experiment.InlineUmrExperiment;
import org.hcasim.spi.DocumentedDefaults;
import org.hcasim.spi.UlpProvider;

/** The nvmeof plugin: NVMe over Fabrics on RDMA: host and target. */
public final class NvmeOfProvider implements UlpProvider {

    /** Keys and their documentation, from {@code defaults.properties} next to this class. */
    private static final DocumentedDefaults DEFAULTS = DocumentedDefaults.fromResource(NvmeOfProvider.class, "defaults.properties");

    @Override
    public String name() {
        return "nvmeof";
    }

    @Override
    public String description() {
        return "NVMe over Fabrics on RDMA: host and target";
    }

    @Override
    public Map<String, String> defaultConfiguration() {
        return DEFAULTS.values();
    }

    @Override
    public Map<String, String> configDoc() {
        return DEFAULTS.docs();
    }

    @Override
    public Optional<BlockProtocol> blockProtocol() {
        return Optional.of(new NvmeOfBlockProtocol(DEFAULTS.values()));
    }

    @Override
    public List<ExperimentDefinition> experiments() {
        return List.of(new InlineUmrExperiment());
    }
}
