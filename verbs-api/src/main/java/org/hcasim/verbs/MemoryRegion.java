package org.hcasim.verbs;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A memory region: a key (24-bit index + 8-bit variant) that translates {@code [iova, iova+length)}.
 * lkey and rkey are the same number (as on mlx5). Fast-registration MRs get a new variant each time a
 * {@link WorkRequest.RegMr} is posted for them, so a stale rkey held by a peer stops working.
 */
public interface MemoryRegion {
    MrType type();

    ProtectionDomain pd();

    int lkey();

    int rkey();

    /**
     * The key the next {@link WorkRequest.RegMr} (or RegIntegrityMr) posted for this MR will install: this key
     * with the variant incremented (ib_inc_rkey). Put it in the capsule/descriptor that travels with the REG_MR.
     */
    default int nextKey() {
        return (rkey() & 0xFFFF_FF00) | ((rkey() + 1) & 0xFF);
    }

    /** The 8-bit variant: the low byte of the key. */
    default int keyVariant() {
        return rkey() & 0xFF;
    }

    /** Start of the region in its own address space (the first mapped byte for fast registration). */
    long iova();

    /** Mapped length in bytes. */
    long length();

    /** Access rights of the current registration. */
    Set<AccessFlag> access();

    /** Largest number of pages/entries this MR may map (maxSg of allocMr; pages for USER MRs). */
    int maxSg();

    /**
     * Maps a DMA scatter list (ib_map_mr_sg) and sets iova and length; takes effect on the HCA when a
     * REG_MR work request is executed. MEM_REG follows the page rules: only the first element may start
     * at an offset inside a page and only the last may end early, unless neighbours are exactly contiguous
     * (then they coalesce); at most {@link #maxSg()} pages. SG_GAPS accepts any list of at most maxSg
     * elements. Returns how many elements were mapped: fewer than {@code sg.size()} means the list cannot
     * be registered in one MR (the caller falls back or splits).
     *
     * @param pageSize 4096 for the storage ULPs; a power of two >= 4096
     */
    int mapSg(List<ScatterEntry> sg, int pageSize);

    /**
     * Maps data and protection information into an INTEGRITY MR (ib_map_mr_sg_pi), trying physical,
     * then MTT, then KLM, as mlx5 does ({@link PiMappingOrder#PA_FIRST}). Returns the number of
     * data+metadata elements mapped.
     */
    default int mapSgPi(List<ScatterEntry> data, List<ScatterEntry> metadata, int pageSize) {
        return mapSgPi(data, metadata, pageSize, PiMappingOrder.PA_FIRST);
    }

    /**
     * Maps data and protection information into an INTEGRITY MR trying only the mappings of {@code order},
     * in its order: physical (one data and at most one metadata element, no inner registration), MTT (data
     * pages then metadata pages in the inner MTT mkey; only when the lists have no gaps), KLM (the inner
     * indirect mkey, zero-based: data at 0, PI at the data length). Returns the number of data+metadata
     * elements mapped; {@link #piMapping()} says which mapping was used.
     */
    int mapSgPi(List<ScatterEntry> data, List<ScatterEntry> metadata, int pageSize, PiMappingOrder order);

    /** How the last mapSgPi mapped (NONE for other MR types). */
    PiMapping piMapping();

    /** Descriptors the last map produced (pages for MTT, entries for KLM), before rounding up to 4. */
    int descriptorCount();

    /**
     * ib_check_mr_status for signature errors: reports the first error since the last check once, then
     * clears it. A new integrity registration is refused until a reported error was checked.
     */
    Optional<SignatureError> checkSignatureStatus();

    /** True when the HCA would accept this key now (registered and not invalidated). */
    boolean isValid();

    /**
     * ib_dereg_mr without simulated time (set-up and teardown code): the key stops working at once; any later use
     * fails with a protection error. A region from {@link ProtectionDomain#regUserMr} gives its mkey back to the
     * MR cache as the timed form does, only instantly.
     */
    void deregister();

    /**
     * ib_dereg_mr as the kernel runs it, in simulated time, then {@code done} in a thread-priority task on the
     * calling core. For a region from {@link ProtectionDomain#regUserMr}: the mkey is revoked with a UMR (the
     * thread sleeps meanwhile), returned to its MR cache entry (or destroyed by a firmware command when it did not
     * come from the cache), and the pages are unpinned. Call it inside a task. Other regions have no timed
     * deregistration: they are deregistered at once and {@code done} runs before this returns.
     */
    default void deregister(Runnable done) {
        deregister();
        done.run();
    }
}
