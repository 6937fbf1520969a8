package org.hcasim.fio;

/**
 * fio's {@code iodepth_batch_submit} (I/Os per submit call, 0 = all it can), {@code iodepth_batch_complete_min}
 * (completions to wait for before reaping, 1 = any), {@code iodepth_batch_complete_max} (most reaped per call, 0 =
 * all) and {@code iodepth_low} (refill once this few are outstanding, 0 = at once).
 */
record Batching(int submit, int completeMin, int completeMax, int low) {

    static final Batching DEFAULT = new Batching(0, 1, 0, 0);
}
