package org.hcasim.ulp.iser;

import org.hcasim.spi.DocumentedUlpProvider;

/** The iser plugin: iSCSI Extensions for RDMA: initiator and target. */
public final class IserProvider extends DocumentedUlpProvider {

    public IserProvider() {
        super("iser", "iSCSI Extensions for RDMA: initiator and target");
    }
}
