package org.hcasim.ulp.iser;

import java.util.Map;
import org.hcasim.spi.UlpProvider;

/** The iser plugin. */
public final class IserProvider implements UlpProvider {
    @Override
    public String name() {
        return "iser";
    }

    @Override
    public String description() {
        return "iSCSI Extensions for RDMA: initiator and target";
    }

    @Override
    public Map<String, String> defaultConfiguration() {
        return Map.of();
    }
}
