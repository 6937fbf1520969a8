package org.hcasim.host;

/**
 * Named CPU costs of a host profile. Operation names are the keys of the profile's {@code host.cost.*}
 * section without the prefix and unit suffix: {@code host.cost.irq-entry-ns} is {@code ns("irq-entry")},
 * {@code host.cost.crc-t10dif-ns-per-byte} is {@code nsPerByte("crc-t10dif")}. The constants below name the
 * costs every host profile defines.
 */
public interface CpuCosts {
    /** Writing a doorbell (and BlueFlame copy) to the HCA over MMIO. */
    String DOORBELL_MMIO = "doorbell-mmio";
    /** Building one work queue entry (WQE) in host memory. */
    String WQE_BUILD = "wqe-build";
    /** Taking a hard interrupt: entry, handler dispatch and exit (irq-entry + irq-exit). */
    String IRQ_ENTRY = "irq-entry";
    String IRQ_EXIT = "irq-exit";
    /** Raising and entering a soft-IRQ (tasklet / irq_poll scheduling). */
    String SOFTIRQ_SCHEDULE = "softirq-schedule";
    /** Reaping one CQE while polling a CQ. */
    String CQ_POLL_PER_CQE = "cq-poll-per-cqe";
    /** Re-arming a CQ (ib_req_notify_cq doorbell). */
    String CQ_ARM = "cq-arm";
    /** Uncontended spin lock acquire + release (atomic on a cached line). */
    String LOCK_ACQUIRE = "lock-acquire";
    /** Work done under a queue's lock per post or poll (QP/SRQ/CQ producer/consumer index update, ordering). */
    String QUEUE_LOCK_HOLD = "queue-lock-hold";
    /**
     * Optional (0 when a profile does not define them): a core waiting for a cache line another core of the same
     * socket wrote last (a modified line moving between caches), and across sockets. A lock taken on a core other
     * than its last holder's pays them for its own line and the data it writes under it.
     */
    String CACHELINE_TRANSFER = "cacheline-transfer";
    String CACHELINE_TRANSFER_REMOTE = "cacheline-transfer-remote";
    /** Switching to another thread (schedule out + in). */
    String CONTEXT_SWITCH = "context-switch";
    /** Latency from wake_up of a sleeping thread until it runs again (not CPU busy time). */
    String WAKEUP_LATENCY = "wakeup-latency";
    /** Dispatching queued work to a work queue worker thread that has to be woken (none of its pool runs). */
    String WORKQUEUE_DISPATCH = "workqueue-dispatch";
    /**
     * Optional (the dispatch cost when a profile does not define it): queued work taken by the pool's worker that
     * is still running on that core (insert_work without a wake-up, process_one_work's bookkeeping).
     */
    String WORKQUEUE_PICKUP = "workqueue-pickup";
    /**
     * Kernel connection-manager work for one CM message at the receiving host (MAD receive, ib_cm state
     * machine, rdma_cm handler dispatch); it delays the message's delivery.
     */
    String CM_MESSAGE = "cm-message";
    /** A system call entry + exit (e.g. io_submit, io_getevents). */
    String SYSCALL = "syscall";
    /**
     * The driver's fixed work per user-memory registration besides its pages (ib_reg_user_mr: uverbs dispatch,
     * ib_umem_get's set-up, the MR's allocation; mlx5_ib_reg_user_mr's choice of page size and cache entry).
     */
    String REG_USER_MR = "reg-user-mr";
    /** Pinning one 4 KiB page of a user registration (pin_user_pages_fast on a present page). */
    String PAGE_PIN = "page-pin";
    /** DMA-mapping one pinned page and writing its translation entry (dma_map_sg, the MTT entry of the UMR). */
    String PAGE_DMA_MAP = "page-dma-map";
    /** Unmapping and unpinning one page when a user registration is released (ib_umem_release). */
    String PAGE_UNPIN = "page-unpin";
    /** The driver's work to issue one firmware command (mailbox, command slot, dispatch, doorbell). */
    String FW_COMMAND_SUBMIT = "fw-command-submit";
    /** The driver's work when a firmware command completes (output mailbox, completion, callback dispatch). */
    String FW_COMMAND_COMPLETE = "fw-command-complete";
    /** Per-byte memory copy (bcopy into/out of a bounce buffer). */
    String MEMCPY = "memcpy";
    /** Per-byte CRC-16/T10-DIF guard computation in software (block-layer integrity). */
    String CRC_T10DIF = "crc-t10dif";
    /**
     * Per-byte IP checksum (the T10-DIF alternative guard, Linux {@code ip_compute_csum}): what the block layer
     * computes for disks whose adapter keeps that guard in memory (T10-DIF-TYPE1-IP, e.g. iSER).
     */
    String IP_CHECKSUM = "ip-checksum";
    /**
     * CPU time a running core loses per byte that devices DMA-write into host memory while it runs (optional;
     * 0 when a profile does not define it): DDIO allocates inbound writes in the shared last-level cache and
     * evicts the lines the cores' I/O path works on.
     */
    String LLC_POLLUTION = "llc-pollution";

    /** The cost of a named operation, ns; an unknown name is an error naming it. */
    long ns(String operation);

    /** CPU cost per byte for a named per-byte operation, ns per byte; an unknown name is an error. */
    double nsPerByte(String operation);

    /** {@code nsPerByte(operation) * bytes}, rounded to the nearest ns. */
    default long ns(String perByteOperation, long bytes) {
        return bytesNs(nsPerByte(perByteOperation), bytes);
    }

    /** {@code nsPerByte * bytes} rounded to the nearest ns: for callers that keep a per-byte rate they charge often. */
    static long bytesNs(double nsPerByte, long bytes) {
        return Math.round(nsPerByte * bytes);
    }
}
