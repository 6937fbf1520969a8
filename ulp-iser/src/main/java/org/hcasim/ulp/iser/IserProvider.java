package org.hcasim.ulp.iser;

import java.util.Map;
import org.hcasim.spi.DocumentedDefaults;
import org.hcasim.spi.UlpProvider;

/** The iser plugin: iSCSI Extensions for RDMA: initiator and target. */
public final class IserProvider implements UlpProvider {

    /** Keys and their documentation, from {@code defaults.properties} next to this class. */
    private static final DocumentedDefaults DEFAULTS = DocumentedDefaults.fromResource(IserProvider.class, "defaults.properties");

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
        return DEFAULTS.values();
    }

    @Override
    public Map<String, String> configDoc() {
        return DEFAULTS.docs();
    }
}
