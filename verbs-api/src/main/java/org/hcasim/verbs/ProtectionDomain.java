package org.hcasim.verbs;

import java.util.Set;

/** A protection domain: keys, QPs and SRQs of different PDs never mix. */
public interface ProtectionDomain {
    RdmaDevice device();

    /**
     * Key for local-only access to any host memory through its I/O virtual address
     * (pd->local_dma_lkey): use it in SGEs of pre-allocated buffers (command and response capsules).
     */
    int localDmaLkey();

    /**
     * pd->unsafe_global_rkey (ib_alloc_pd with IB_PD_UNSAFE_GLOBAL_RKEY): a key giving peers remote read
     * and write access to all host memory through its I/O virtual address, as storage hosts use for
     * single-segment I/O without registering (nvme-rdma register_always=N). Unsafe by design: any peer
     * of a QP of this PD can reach any memory. An engine without it refuses with EOPNOTSUPP.
     */
    default int unsafeGlobalRkey() {
        throw new VerbsException(Errno.EOPNOTSUPP, "this device does not provide an unsafe global rkey");
    }

    /**
     * Registers host memory {@code [iova, iova+length)} for set-up code: the region is valid at once, and its
     * only cost is one CREATE_MKEY firmware command (waited for when called inside a task), like the driver's
     * uncached slow path. No page pinning, no MR cache: for the kernel's timed path use {@link #regUserMr}.
     * Fails with EINVAL for REMOTE_WRITE/REMOTE_ATOMIC without LOCAL_WRITE, a non-positive length, a range
     * larger than maxMrSize, or memory that is not allocated on the host.
     */
    MemoryRegion regMr(long iova, long length, Set<AccessFlag> access);

    /**
     * ib_reg_user_mr as the kernel runs it, in simulated time: the calling task pays the system call, pins and
     * DMA-maps every page of {@code [iova, iova+length)}, takes a pre-created mkey from the device's MR cache
     * (or creates one with a firmware command on a miss) and loads the translation into it with a UMR, sleeping
     * while the device works. {@code done} gets the valid region, type {@link MrType#USER}, in a thread-priority
     * task on the calling core. Call it inside a task (the registering thread). Fails at once with EINVAL for
     * the same reasons as {@link #regMr} or outside a task; a device without this path throws EOPNOTSUPP.
     * Release the region with {@link MemoryRegion#deregister(Runnable)} to take the kernel's timed path back.
     */
    default void regUserMr(long iova, long length, Set<AccessFlag> access, UserMrCallback done) {
        throw new VerbsException(Errno.EOPNOTSUPP, "this device does not model ib_reg_user_mr");
    }

    /**
     * Allocates a fast-registration MR (ib_alloc_mr / ib_alloc_mr_integrity) able to map {@code maxSg}
     * pages (MEM_REG), entries (SG_GAPS) or data+metadata pages (INTEGRITY). It starts invalid: map it with
     * {@link MemoryRegion#mapSg} (or {@code mapSgPi}) and post a {@link WorkRequest.RegMr}
     * ({@link WorkRequest.RegIntegrityMr}) before use. Creating the mkey is a firmware command.
     */
    MemoryRegion allocMr(MrType type, int maxSg);

    /** ib_create_qp (RC only). The QP starts in RESET. */
    QueuePair createQp(QpInit init);

    /** ib_create_srq. */
    SharedReceiveQueue createSrq(SrqInit init);

    /** A pool of {@code count} SRQs created with {@code init}; a QP on completion vector v uses number v % count. */
    SrqPool createSrqPool(int count, SrqInit init);

    /** ib_dealloc_pd; fails with EBUSY while MRs, QPs or SRQs of this PD exist. */
    void dealloc();
}
