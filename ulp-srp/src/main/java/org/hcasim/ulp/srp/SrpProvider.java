package org.hcasim.ulp.srp;

import java.util.Map;
import org.hcasim.spi.DocumentedDefaults;
import org.hcasim.spi.UlpProvider;

/** The srp plugin: SCSI RDMA Protocol: initiator and target. */
public final class SrpProvider implements UlpProvider {

    /** Keys and their documentation, from {@code defaults.properties} next to this class. */
    private static final DocumentedDefaults DEFAULTS = DocumentedDefaults.fromResource(SrpProvider.class, "defaults.properties");

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
        return DEFAULTS.values();
    }

    @Override
    public Map<String, String> configDoc() {
        return DEFAULTS.docs();
    }
}
