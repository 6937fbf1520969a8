package org.hcasim.block;

/** Completion status of a block request, with the Linux errno fio would report for it. */
public enum BlockStatus {
    SUCCESS(0),
    /** LBA range beyond the capacity (NVMe LBA Out of Range). */
    LBA_OUT_OF_RANGE(121 /* BLK_STS_TARGET -> EREMOTEIO */),
    /** Malformed request: misaligned buffer, missing metadata buffer, bad length. */
    INVALID_REQUEST(22 /* EINVAL */),
    /** PI guard (CRC) mismatch: BLK_STS_PROTECTION -> EILSEQ. */
    GUARD_CHECK_ERROR(84 /* EILSEQ */),
    APP_TAG_CHECK_ERROR(84),
    REF_TAG_CHECK_ERROR(84),
    /** Transport or target failure (connection lost, target error): BLK_STS_IOERR -> EIO. */
    IO_ERROR(5 /* EIO */);

    private final int errno;

    BlockStatus(int errno) {
        this.errno = errno;
    }

    /** The errno the Linux block layer returns to user space for this status. */
    public int errno() {
        return errno;
    }

    public boolean isProtectionError() {
        return this == GUARD_CHECK_ERROR || this == APP_TAG_CHECK_ERROR || this == REF_TAG_CHECK_ERROR;
    }
}
