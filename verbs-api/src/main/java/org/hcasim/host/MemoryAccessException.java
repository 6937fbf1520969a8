package org.hcasim.host;

/** An access to host memory outside any allocation, or a free of an address that is not allocated. */
public final class MemoryAccessException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public MemoryAccessException(String message) {
        super(message);
    }
}
