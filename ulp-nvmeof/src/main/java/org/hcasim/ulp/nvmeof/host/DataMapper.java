package org.hcasim.ulp.nvmeof.host;

import java.util.ArrayDeque;
import java.util.List;
import org.hcasim.ulp.nvmeof.capsule.SglDescriptor;
import org.hcasim.ulp.nvmeof.settings.HostSettings;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.ScatterEntry;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WorkRequest;

/**
 * How a host command's data reaches the target (nvme_rdma_map_data / nvme_rdma_unmap_data): no data, PI
 * through an integrity MR, in-capsule, a fast-registered MR, or the global rkey. Owns the queue's MR pools.
 * Its own class because the choice and the pools are one piece of logic, apart from the queue's flow of
 * tags, capsules and completions.
 */
final class DataMapper {

    /** NVME_RDMA_MAX_SEGMENTS: pages one registration maps (the controller's maximum transfer + 1 page). */
    static final int MAX_PAGES = 256;

    private final ProtectionDomain pd;
    private final HostSettings settings;
    private final HostQueue.Stats stats;
    private final ArrayDeque<MemoryRegion> mrPool = new ArrayDeque<>();
    /** Registers PI commands and checks their signature status; null without PI support. */
    private IntegrityRegistrar integrity;
    private int maxPages;
    /** Bytes of in-capsule data the target takes on this queue (0 on the admin queue). */
    private int inlineDataSize;

    DataMapper(ProtectionDomain pd, HostSettings settings, HostQueue.Stats stats) {
        this.pd = pd;
        this.settings = settings;
        this.stats = stats;
    }

    void setInlineDataSize(int bytes) {
        this.inlineDataSize = bytes;
    }

    /** One fast-registration MR per queue entry, and with PI one integrity MR per entry next to it. */
    void allocateMrs(int entries, boolean pi) {
        var device = pd.device();
        maxPages = Math.min(MAX_PAGES, device.attributes().maxFastRegPageListLen());
        // data and metadata each map up to this many pages (ib_mr_pool_init(..., pages_per_mr, pages_per_mr))
        int integrityPages = Math.min(MAX_PAGES, device.attributes().maxPiFastRegPageListLen());
        integrity = pi ? new IntegrityRegistrar(stats) : null;
        for (int i = 0; i < entries; i++) {
            mrPool.add(pd.allocMr(MrType.MEM_REG, maxPages));
            if (pi) {
                integrity.put(pd.allocMr(MrType.INTEGRITY, integrityPages));
            }
        }
    }

    /** Largest transfer one command may move: one page less than a registration maps (unaligned start). */
    int maxTransferBytes() {
        return (maxPages - 1) * HostQueue.PAGE_SIZE;
    }

    /**
     * The command's data descriptor; adds the in-capsule data to {@code capsuleSgl} or the registration to
     * {@code wrs}. Null when the buffers cannot be mapped (nothing added, the MR back in its pool).
     */
    SglDescriptor map(HostCommand c, List<Sge> capsuleSgl, List<WorkRequest.SendRequest> wrs) {
        if (c.direction == HostCommand.Direction.NONE) {
            return SglDescriptor.none();
        }
        if (c.protection != null) {
            // nvme_rdma_map_sg_pi: always an integrity MR, never in-capsule data or the global key
            return integrity.register(c, wrs);
        }
        if (c.direction == HostCommand.Direction.TO_TARGET && c.dataLength <= inlineDataSize) {
            capsuleSgl.add(new Sge(c.dataIova, c.dataLength, pd.localDmaLkey()));
            stats.inCapsuleWrites++;
            return SglDescriptor.inCapsule(c.dataLength);
        }
        if (settings.registerAlways()) {
            MemoryRegion mr = mrPool.poll();
            int mapped = mr.mapSg(List.of(new ScatterEntry(c.dataIova, c.dataLength)), HostQueue.PAGE_SIZE);
            if (mapped < 1) {
                mrPool.add(mr);
                return null;
            }
            c.useMr(mr);
            wrs.add(WorkRequest.RegMr.of(mr, AccessFlag.all(), CompletionCallback.IGNORE));
            stats.registrations++;
            return SglDescriptor.keyed(mr.iova(), c.dataLength, c.rkey, true);
        }
        stats.globalKeyIos++;
        return SglDescriptor.keyed(c.dataIova, c.dataLength, pd.unsafeGlobalRkey(), false);
    }

    /** After posting: the registration must have given the MR the key and span the capsule names. */
    void checkPosted(HostCommand c) {
        if (c.mr != null && c.mr.rkey() != c.rkey) {
            throw new IllegalStateException("REG_MR did not move " + c.mr + " to the key the capsule names (0x"
                    + Integer.toHexString(c.rkey) + ")");
        }
        if (c.protection != null) {
            integrity.checkWireLength(c);
        }
    }

    /** Once the key is invalid again: a PI command fails if the HCA's signature engine found an error. */
    void checkSignature(HostCommand c) {
        if (c.protection != null) {
            integrity.checkSignature(c);
        }
    }

    /** The command is over: its MR goes back to its pool. */
    void unmap(HostCommand c) {
        if (c.mr != null) {
            if (c.protection != null) {
                integrity.put(c.mr);
            } else {
                mrPool.add(c.mr);
            }
            c.mr = null;
        }
    }
}
