package org.hcasim.host;

/**
 * Sparse host memory in 4 KiB pages addressed by I/O virtual address. In {@code elided} payload
 * mode writes of payload bytes may be skipped, but allocations and bounds checks always happen.
 */
public interface HostMemory {
    int PAGE_SIZE = 4096;

    /** Allocates {@code length} bytes aligned to {@code alignment}; returns the iova. */
    long allocate(long length, int alignment);

    void free(long iova);

    void read(long iova, byte[] dst, int offset, int length);

    void write(long iova, byte[] src, int offset, int length);

    /** True when payload bytes are really stored (payload mode {@code real}). */
    boolean payloadReal();
}
