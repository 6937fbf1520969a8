package org.hcasim.ulp.srp;

import org.hcasim.spi.DocumentedUlpProvider;

/** The srp plugin: SCSI RDMA Protocol: initiator and target. */
public final class SrpProvider extends DocumentedUlpProvider {

    public SrpProvider() {
        super("srp", "SCSI RDMA Protocol: initiator and target");
    }
}
