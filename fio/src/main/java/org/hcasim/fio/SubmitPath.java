package org.hcasim.fio;

import org.hcasim.core.config.HcasimConfig;

/**
 * The kernel path fio's threads submit and reap their I/O through, {@code fio.submit-path}: it decides which
 * per-I/O CPU costs the fio threads charge (fio's user space, the submission and the completion besides the block
 * layer's). The block layer's own costs are the host profile's either way, so a target's block path never pays them.
 */
public enum SubmitPath {
    /** io_uring on a current kernel: the host profile's {@code fio-io}, {@code aio-submit} and {@code aio-complete}. */
    IO_URING,
    /** libaio's io_submit / io_getevents on a kernel with the Meltdown/Spectre mitigations ({@link LibaioCosts}). */
    LIBAIO;

    /** The configuration key. */
    public static final String KEY = "fio.submit-path";

    /** {@code fio.submit-path} of {@code config}; a value that is none of these is a one-line error naming the key. */
    public static SubmitPath of(HcasimConfig config) {
        return config.getEnum(KEY, SubmitPath.class);
    }
}
