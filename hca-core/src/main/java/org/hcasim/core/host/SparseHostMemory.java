package org.hcasim.core.host;

import org.hcasim.core.collect.SortedLongMap;
import org.hcasim.host.HostMemory;
import org.hcasim.host.MemoryAccessException;

/**
 * Host memory as sparse 4 KiB pages keyed by page number, created on first write and holding only the part of
 * the page that writes reached (see {@link PageTable}). Allocation is a bump
 * allocator over the iova space (addresses are never reused, so a stale iova faults instead of aliasing a
 * new buffer). Every access is checked against the live allocations, for both kinds of memory and in both
 * payload modes; only payload allocations in mode {@code elided} skip storing bytes.
 */
public final class SparseHostMemory implements HostMemory {
    /** First iova handed out; low addresses stay unmapped so that 0 and small values fault. */
    static final long BASE_IOVA = 0x1_0000_0000L;

    private final String owner;
    private final PayloadMode mode;
    /**
     * start -> length of the live allocations, with {@link #ELIDED} set in the value of a payload allocation that
     * stores no bytes (payload mode elided only): a check that misses the caches below reads it from the entry it
     * found instead of looking the start up in a set. Starts grow with the bump allocator, so appends are at the end.
     */
    private final SortedLongMap allocations = new SortedLongMap();
    /** The flag bit of an elided allocation's value (lengths are positive, so it is free). */
    private static final long ELIDED = Long.MIN_VALUE;
    private final PageTable pages = new PageTable(PAGE_SIZE);
    /** The allocation {@code [hitStart, hitEnd)} that passed the last check: most accesses hit it again. */
    private long hitStart;
    private long hitEnd;
    /** Whether the allocation of the last check stores its bytes. */
    private boolean hitStores;
    /**
     * Allocations that passed a check, direct-mapped by the accessed page: entry {@code p & recentMask} holds the
     * allocation {@code [recentStart, recentEnd)} an access to page {@code p} found (start 0: none). The per-I/O path
     * touches a few thousand buffers in turn (fio slots, capsules, receive buffers), which the single last-hit above
     * misses and a search of every live allocation costs about twelve dependent loads for. The table starts at
     * {@link #MIN_RECENT} entries and doubles (emptied) while the live allocations outnumber a quarter of it, up to
     * {@link #MAX_RECENT}: rds-stress's receive and send buffers, thousands of them, thrashed a fixed 1024.
     */
    static final int MIN_RECENT = 1024;
    static final int MAX_RECENT = 1 << 15;
    private int recentMask = MIN_RECENT - 1;
    private long[] recentStart = new long[MIN_RECENT];
    private long[] recentEnd = new long[MIN_RECENT];
    private boolean[] recentStores = new boolean[MIN_RECENT];
    private long next = BASE_IOVA;
    private long allocatedBytes;

    public SparseHostMemory(String owner, PayloadMode mode) {
        this.owner = owner;
        this.mode = mode;
    }

    @Override
    public long allocate(long length, int alignment) {
        return allocate(length, alignment, false);
    }

    @Override
    public long allocatePayload(long length, int alignment) {
        return allocate(length, alignment, mode == PayloadMode.ELIDED);
    }

    private long allocate(long length, int alignment, boolean elided) {
        if (length <= 0) {
            throw new IllegalArgumentException("allocation length must be positive, got " + length);
        }
        if (alignment <= 0 || Integer.bitCount(alignment) != 1) {
            throw new IllegalArgumentException("alignment must be a power of two, got " + alignment);
        }
        long start = (next + alignment - 1) & -(long) alignment;
        allocations.put(start, elided ? length | ELIDED : length);
        // Keep a guard gap so that neighbouring buffers are never contiguous by accident.
        next = start + length + PAGE_SIZE;
        allocatedBytes += length;
        if (allocations.size() > (recentMask + 1) / 4 && recentMask + 1 < MAX_RECENT) {
            growRecent();
        }
        return start;
    }

    /** Doubles the table of recent allocations; it starts empty (it only spares searches). */
    private void growRecent() {
        int n = 2 * (recentMask + 1);
        recentMask = n - 1;
        recentStart = new long[n];
        recentEnd = new long[n];
        recentStores = new boolean[n];
    }

    /** Entries of the table of recent allocations now (tests). */
    int recentEntries() {
        return recentMask + 1;
    }

    @Override
    public void free(long iova) {
        int at = allocations.indexOf(iova);
        if (at < 0) {
            throw new MemoryAccessException(owner + ": free of 0x" + Long.toHexString(iova)
                    + ", which is not the start of an allocation");
        }
        long length = allocations.valueAt(at) & ~ELIDED;
        allocations.removeAt(at);
        allocatedBytes -= length;
        if (iova == hitStart) {
            hitStart = 0;
            hitEnd = 0;
        }
        long first = iova / PAGE_SIZE;
        long last = (iova + length - 1) / PAGE_SIZE;
        // an entry of this allocation sits at one of its pages' slots (the page of the access that filled it)
        for (long p = first; p <= Math.min(last, first + recentMask); p++) {
            int slot = (int) p & recentMask;
            if (recentStart[slot] == iova) {
                recentStart[slot] = 0;
                recentEnd[slot] = 0;
            }
        }
        for (long p = first; p <= last; p++) {
            pages.remove(p);
        }
    }

    @Override
    public void check(long iova, long length) {
        if (length < 0) {
            throw new MemoryAccessException(owner + ": negative access length " + length);
        }
        if (iova >= hitStart && iova < hitEnd && length <= hitEnd - iova) {
            return; // inside the allocation of the last check (allocations never overlap)
        }
        int slot = (int) (iova / PAGE_SIZE) & recentMask;
        long recent = recentStart[slot];
        if (iova >= recent && iova < recentEnd[slot] && length <= recentEnd[slot] - iova) {
            hitStart = recent;
            hitEnd = recentEnd[slot];
            hitStores = recentStores[slot];
            return;
        }
        int a = allocations.floorIndex(iova);
        long start = a < 0 ? 0 : allocations.keyAt(a);
        long value = a < 0 ? 0 : allocations.valueAt(a);
        long end = a < 0 ? 0 : start + (value & ~ELIDED);
        if (a < 0 || iova + length > end || (length == 0 && iova >= end)) {
            throw new MemoryAccessException(owner + ": access [0x" + Long.toHexString(iova) + ", +" + length
                    + ") is outside every allocation");
        }
        hitStart = start;
        hitEnd = end;
        hitStores = (value & ELIDED) == 0;
        recentStart[slot] = start;
        recentEnd[slot] = end;
        recentStores[slot] = hitStores;
    }

    @Override
    public boolean storesBytes(long iova) {
        check(iova, 0);
        return hitStores;
    }

    @Override
    public void read(long iova, byte[] dst, int offset, int length) {
        check(iova, length);
        java.util.Objects.checkFromIndexSize(offset, length, dst.length);
        if (!hitStores) {
            java.util.Arrays.fill(dst, offset, offset + length, (byte) 0);
            return;
        }
        int done = 0;
        while (done < length) {
            long addr = iova + done;
            int inPage = (int) (addr & (PAGE_SIZE - 1));
            int n = Math.min(length - done, PAGE_SIZE - inPage);
            pages.read(addr / PAGE_SIZE, inPage, dst, offset + done, n);
            done += n;
        }
    }

    @Override
    public void write(long iova, byte[] src, int offset, int length) {
        check(iova, length);
        java.util.Objects.checkFromIndexSize(offset, length, src.length);
        if (!hitStores) {
            return;
        }
        int done = 0;
        while (done < length) {
            long addr = iova + done;
            int inPage = (int) (addr & (PAGE_SIZE - 1));
            int n = Math.min(length - done, PAGE_SIZE - inPage);
            pages.write(addr / PAGE_SIZE, inPage, src, offset + done, n);
            done += n;
        }
    }

    @Override
    public void copy(long srcIova, long dstIova, long length) {
        check(srcIova, length);
        check(dstIova, length);
        if (!hitStores) {
            return; // the destination keeps no bytes; an elided source reads as zeros below
        }
        byte[] buf = new byte[(int) Math.min(length, 64 * 1024)];
        for (long done = 0; done < length; done += buf.length) {
            int n = (int) Math.min(buf.length, length - done);
            read(srcIova + done, buf, 0, n);
            write(dstIova + done, buf, 0, n);
        }
    }

    @Override
    public boolean payloadReal() {
        return mode == PayloadMode.REAL;
    }

    public PayloadMode mode() {
        return mode;
    }

    @Override
    public long allocatedBytes() {
        return allocatedBytes;
    }

    /** Pages that hold bytes (payload allocations in elided mode never store any). */
    public int residentPages() {
        return pages.size();
    }

    /** Bytes the resident pages hold: a page keeps only the window of it that writes reached. */
    public long residentBytes() {
        return pages.residentBytes();
    }
}
