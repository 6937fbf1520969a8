package org.hcasim.host;

/**
 * Sparse host memory in 4 KiB pages addressed by I/O virtual address (iova). Every access must lie inside
 * one live allocation, otherwise it throws {@link MemoryAccessException}. In payload mode {@code elided}
 * no bytes are stored (reads return zeros) but allocations and bounds checks run exactly as in {@code real}.
 */
public interface HostMemory {
    int PAGE_SIZE = 4096;

    /** Allocates {@code length} bytes aligned to {@code alignment} (a power of two); returns the iova. */
    long allocate(long length, int alignment);

    /** Frees the allocation starting at {@code iova}. */
    void free(long iova);

    void read(long iova, byte[] dst, int offset, int length);

    void write(long iova, byte[] src, int offset, int length);

    /** Copies {@code length} bytes inside host memory (both ranges are checked). */
    void copy(long srcIova, long dstIova, long length);

    /** Checks that {@code [iova, iova+length)} lies inside one live allocation, without touching bytes. */
    void check(long iova, long length);

    /** True when payload bytes are really stored (payload mode {@code real}). */
    boolean payloadReal();

    /** Bytes currently allocated. */
    long allocatedBytes();
}
