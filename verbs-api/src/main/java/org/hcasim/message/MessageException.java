package org.hcasim.message;

import org.hcasim.verbs.Errno;

/** A socket call failed as the system call would, with its errno. */
public final class MessageException extends RuntimeException {
    private final Errno errno;

    public MessageException(Errno errno, String message) {
        super(message + " (" + errno + ")");
        this.errno = errno;
    }

    public Errno errno() {
        return errno;
    }
}
