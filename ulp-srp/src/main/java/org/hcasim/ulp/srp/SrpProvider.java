package org.hcasim.ulp.srp;

import java.util.Map;
import org.hcasim.spi.UlpProvider;

/** The srp plugin. */
public final class SrpProvider implements UlpProvider {
    @Override
    public String name() {
        return "srp";
    }

    @Override
    public String description() {
        return "SCSI RDMA Protocol: initiator and target";
    }

    @Override
    public Map<String, String> defaultConfiguration() {
        return Map.of();
    }
}
