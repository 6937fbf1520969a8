package org.hcasim.fio;

/**
 * When a job may issue its next I/O: fio's {@code rate} (bytes/s) and {@code rate_iops} per direction, spread
 * evenly ({@code rate_process=linear}) or as a Poisson process, and {@code thinktime}: after
 * {@code thinktime_blocks} I/Os the job waits for all of them, spins {@code thinktime_spin} on its CPU and sleeps
 * the rest. Zero means unset.
 */
record Pacing(long rateRead, long rateWrite, long iopsRead, long iopsWrite, boolean poisson, long thinktimeNs,
              long thinktimeSpinNs, int thinktimeBlocks) {

    static final Pacing NONE = new Pacing(0, 0, 0, 0, false, 0, 0, 1);

    boolean rateLimited() {
        return rateRead > 0 || rateWrite > 0 || iopsRead > 0 || iopsWrite > 0;
    }

    /**
     * Nanoseconds after the start at which the next I/O of a direction may go, given the bytes and I/Os that
     * direction issued so far (fio's rate_next_io_time); 0 when the direction is not limited.
     */
    long dueNs(boolean read, long bytesIssued, long iosIssued) {
        long rate = read ? rateRead : rateWrite;
        long iops = read ? iopsRead : iopsWrite;
        long byBytes = rate > 0 ? (long) (bytesIssued * 1e9 / rate) : 0;
        long byIos = iops > 0 ? (long) (iosIssued * 1e9 / iops) : 0;
        return Math.max(byBytes, byIos);
    }

    /** Mean gap between two I/Os of a direction of {@code bs} bytes (for the Poisson process). */
    double meanGapNs(boolean read, long bs) {
        long rate = read ? rateRead : rateWrite;
        long iops = read ? iopsRead : iopsWrite;
        double gap = 0;
        if (rate > 0) gap = bs * 1e9 / rate;
        if (iops > 0) gap = Math.max(gap, 1e9 / iops);
        return gap;
    }
}
