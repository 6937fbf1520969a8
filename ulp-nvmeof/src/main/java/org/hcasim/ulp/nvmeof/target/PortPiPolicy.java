package org.hcasim.ulp.nvmeof.target;

import org.hcasim.block.BlockFormat;
import org.hcasim.block.PiControl;
import org.hcasim.block.PiType;
import org.hcasim.ulp.nvmeof.capsule.ProtectionInfo;
import org.hcasim.ulp.nvmeof.pi.PiSignature;

/**
 * What a port makes of PI namespaces, as nvmet-rdma does: with integrity offload it exposes the PI and a
 * command without PRACT moves the T10-DIF wire image; without it the PI stays hidden and the backstore
 * generates and strips it. Its own class so these rules live in one place, apart from the command flow.
 */
final class PortPiPolicy {

    private final TargetPort port;

    PortPiPolicy(TargetPort port) {
        this.port = port;
    }

    /** The format Identify reports: PI (and metadata) only when the controller supports PI over this port. */
    BlockFormat exposedFormat(BlockFormat format) {
        return format.hasPi() && !port.piOffload() ? new BlockFormat(format.blockSize(), 0, PiType.NONE) : format;
    }

    /** True when the command's transfer is the wire image (data with each block's tuple) via an integrity MR. */
    boolean piOnWire(BlockFormat format, ProtectionInfo prinfo) {
        return format.hasPi() && port.piOffload() && !prinfo.pract();
    }

    /** Bytes the command's data descriptor must name. */
    long transferBytes(int blocks, BlockFormat format, ProtectionInfo prinfo) {
        return piOnWire(format, prinfo) ? PiSignature.wireBytes(blocks, format) : (long) blocks * format.blockSize();
    }

    /**
     * What the backstore does with PI. PI exposed over the fabric: what PRINFO says. PI hidden (the port's
     * HCA has no integrity offload, so Identify reported the namespace without it, as nvmet-rdma does):
     * the target's block layer generates it on write and strips it on read (PRACT), checking nothing.
     */
    PiControl backstorePi(BlockFormat format, ProtectionInfo prinfo) {
        if (!format.hasPi()) {
            return PiControl.NONE;
        }
        if (!port.piOffload()) {
            return new PiControl(true, false, false, false, 0, 0);
        }
        return new PiControl(prinfo.pract(), prinfo.checkGuard(), prinfo.checkAppTag(), prinfo.checkRefTag(),
                prinfo.appTag(), prinfo.appTagMask());
    }
}
