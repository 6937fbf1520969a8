package org.hcasim.ulp.nvmeof.host;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Set;
import org.hcasim.ulp.nvmeof.capsule.NvmeCompletion;
import org.hcasim.ulp.nvmeof.capsule.SglDescriptor;
import org.hcasim.ulp.nvmeof.pi.PiSignature;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.ScatterEntry;
import org.hcasim.verbs.WorkRequest;

/**
 * The PI part of a host queue (nvme_rdma_map_sg_pi and nvme_rdma_check_pi_status): its pool of integrity
 * MRs (the QP's sig_mrs), the REG_INTEGRITY_MR of a PI command's data and PI buffers, and the signature
 * check once the key is invalid again. Kept apart so the queue and its {@link DataMapper} read as the
 * plain NVMe/RDMA flow.
 */
final class IntegrityRegistrar {

    private final ArrayDeque<MemoryRegion> pool = new ArrayDeque<>();
    private final HostQueue.Stats stats;

    IntegrityRegistrar(HostQueue.Stats stats) {
        this.stats = stats;
    }

    /** Puts an integrity MR into the pool: a new one (one per queue entry) or a released command's. */
    void put(MemoryRegion mr) {
        pool.add(mr);
    }

    /**
     * Maps data and PI buffer into an integrity MR from the pool and adds its REG_INTEGRITY_MR to
     * {@code wrs}; the keyed descriptor covers the wire view (data with PI interleaved) and does not ask for
     * remote invalidation (nvme-rdma sends type 0x40 here), so the host invalidates locally after the
     * response. Null when the buffers cannot be mapped (the MR is back in the pool, nothing was added).
     */
    SglDescriptor register(HostCommand c, List<WorkRequest.SendRequest> wrs) {
        HostCommand.Protection p = c.protection;
        MemoryRegion mr = pool.poll();
        List<ScatterEntry> meta = p.metadataLength() == 0 ? List.of()
                : List.of(new ScatterEntry(p.metadataIova(), p.metadataLength()));
        int elements = 1 + meta.size();
        if (mr.mapSgPi(List.of(new ScatterEntry(c.dataIova, c.dataLength)), meta, HostQueue.PAGE_SIZE) < elements) {
            pool.add(mr);
            return null;
        }
        c.useMr(mr);
        wrs.add(new WorkRequest.RegIntegrityMr(mr, p.signature(), AccessFlag.all(), Set.of(), CompletionCallback.IGNORE));
        stats.integrityRegistrations++;
        return SglDescriptor.keyed(mr.iova(), p.wireLength(), c.rkey, false);
    }

    /** After posting: the registration must span exactly the wire bytes the capsule names. */
    void checkWireLength(HostCommand c) {
        if (c.mr.length() != c.protection.wireLength()) {
            throw new IllegalStateException("integrity MR " + c.mr + " spans " + c.mr.length()
                    + " wire bytes, the capsule names " + c.protection.wireLength());
        }
    }

    /**
     * nvme_rdma_check_pi_status: once the key is invalid again, ask the HCA whether its signature engine
     * found an error on the way; if so the request fails with the matching media error whatever the target
     * answered. Checking also clears the error, so the MR can be registered again.
     */
    void checkSignature(HostCommand c) {
        c.mr.checkSignatureStatus().ifPresent(e -> {
            stats.signatureErrors++;
            c.response = new NvmeCompletion(c.response.result(), c.response.sqHead(), c.response.sqId(),
                    c.response.commandId(), NvmeCompletion.SCT_MEDIA, PiSignature.statusCode(e));
            c.detail = PiSignature.describe(e, c.protection.slba(), c.protection.blockSize());
        });
    }
}
