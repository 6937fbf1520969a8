package org.hcasim.verbs;

/**
 * A verb refused synchronously, as the kernel returns {@code -errno} (posting in a bad state, too many
 * SGEs, a full queue, bad arguments). Unchecked so posting code reads like the C it models.
 */
public class VerbsException extends RuntimeException {
    private final Errno errno;

    public VerbsException(Errno errno, String message) {
        super(message + " (" + errno + ")");
        this.errno = errno;
    }

    public Errno errno() {
        return errno;
    }
}
