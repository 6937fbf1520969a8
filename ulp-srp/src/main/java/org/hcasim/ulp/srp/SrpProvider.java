package org.hcasim.ulp.srp;

import java.util.Optional;
import org.hcasim.block.BlockProtocol;
import org.hcasim.spi.DocumentedUlpProvider;

/** The srp plugin: SCSI RDMA Protocol, the ib_srp initiator and the ib_srpt target (docs/srp.md). */
public final class SrpProvider extends DocumentedUlpProvider {

    public SrpProvider() {
        super("srp", "SCSI RDMA Protocol: initiator and target");
    }

    @Override
    public Optional<BlockProtocol> blockProtocol() {
        return Optional.of(new SrpBlockProtocol(defaultConfiguration()));
    }
}
