package org.hcasim.verbs;

/** The errno values the kernel verbs return synchronously, with their Linux numbers. */
public enum Errno {
    EPERM(1), ENOENT(2), EAGAIN(11), ENOMEM(12), EACCES(13), EBUSY(16), EEXIST(17), EINVAL(22),
    ENOSPC(28), EOPNOTSUPP(95), ECONNREFUSED(111), ETIMEDOUT(110);

    private final int code;

    Errno(int code) {
        this.code = code;
    }

    /** The positive Linux errno number (the kernel returns its negation). */
    public int code() {
        return code;
    }
}
