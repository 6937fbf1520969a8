package org.hcasim.fio;

/**
 * When a job flushes the device's volatile write cache (a FLUSH request: NVMe Flush, SCSI SYNCHRONIZE CACHE):
 * after every {@code every} writes ({@code fsync=N}, {@code fdatasync=N}; 0 = never) and once when its I/O is done
 * ({@code end_fsync}, {@code fsync_on_close}).
 */
record Flushes(int every, boolean atEnd) {

    static final Flushes NONE = new Flushes(0, false);

    boolean any() {
        return every > 0 || atEnd;
    }
}
