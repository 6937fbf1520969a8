package org.hcasim.ulp.nvmeof;

import java.util.Map;
import org.hcasim.spi.UlpProvider;

/** The nvmeof plugin. */
public final class NvmeOfProvider implements UlpProvider {
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
        return Map.of();
    }
}
