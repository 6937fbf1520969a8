package org.hcasim.host;

/**
 * Sparse host memory in 4 KiB pages addressed by I/O virtual address (iova). Every access must lie inside
 * one live allocation, otherwise it throws {@link MemoryAccessException}.
 *
 * <p>Memory comes in two kinds. Control memory ({@link #allocate}) always stores its bytes: command
 * capsules, responses, receive buffers, Identify data, anything a protocol reads back. Payload memory
 * ({@link #allocatePayload}) holds bulk I/O data; in payload mode {@code elided} it stores nothing and
 * reads as zeros. Allocation and bounds checks run exactly alike for both kinds and both modes.
 */
public interface HostMemory {
    int PAGE_SIZE = 4096;

    /**
     * Allocates {@code length} bytes of control memory aligned to {@code alignment} (a power of two); returns
     * the iova. Control memory stores its bytes in every payload mode.
     */
    long allocate(long length, int alignment);

    /**
     * Allocates {@code length} bytes of payload memory (bulk I/O data buffers), like {@link #allocate}; in
     * payload mode {@code elided} its bytes are not stored: writes are dropped and reads return zeros.
     */
    long allocatePayload(long length, int alignment);

    /** True when the allocation holding {@code iova} stores bytes (control memory, or any memory in real mode). */
    boolean storesBytes(long iova);

    /** Frees the allocation starting at {@code iova}. */
    void free(long iova);

    void read(long iova, byte[] dst, int offset, int length);

    void write(long iova, byte[] src, int offset, int length);

    /** Copies {@code length} bytes inside host memory (both ranges are checked). */
    void copy(long srcIova, long dstIova, long length);

    /** Checks that {@code [iova, iova+length)} lies inside one live allocation, without touching bytes. */
    void check(long iova, long length);

    /** True when payload memory really stores its bytes (payload mode {@code real}). */
    boolean payloadReal();

    /** Bytes currently allocated. */
    long allocatedBytes();
}
