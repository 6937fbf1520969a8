package org.hcasim.core.sim;

/**
 * Which cores have been taking a lock lately, as shares of its recent holds: the expected cost of finding the
 * lock's cache line in another core's cache is the share of each other core times what a transfer from it costs.
 * A mean over a window rather than the one hold before a request, because tasks run whole, one after the other:
 * a long task books its holds before the tasks of other cores that overlap it in simulated time have run, so the
 * hold booked last is often not the one just before in simulated time. The window (two halves of
 * {@link #WINDOW_NS}, far longer than a task) holds the shares of the recent past; no allocation per hold.
 */
public final class HolderHistory {
    /** Length of one half of the window; longer than a polling pass, short against a run. */
    static final long WINDOW_NS = 100_000;
    private final long[] current;
    private final long[] previous;
    private long currentTotal;
    private long previousTotal;
    private long windowStart = Long.MIN_VALUE;

    public HolderHistory(int cores) {
        this.current = new long[cores];
        this.previous = new long[cores];
    }

    /** Records a hold by {@code core} at {@code t}. */
    public void record(long t, int core) {
        roll(t);
        current[core]++;
        currentTotal++;
    }

    /**
     * The expected cost for {@code core} of taking the line at {@code t}. Free, the lock was last held by each
     * recent holder in proportion to its share, {@code core} itself included (no transfer then). Busy, it is handed
     * over from the core ahead in the queue, which is another core (a core waits in the queue once): the others'
     * mean transfer, weighted by their shares. 0 when no other core held the lock lately.
     */
    public double expectedTransferNs(long t, int core, boolean handover, TransferCost transfer) {
        roll(t);
        long total = currentTotal + previousTotal;
        double sum = 0;
        long others = 0;
        for (int c = 0; c < current.length; c++) {
            long n = current[c] + previous[c];
            if (n != 0 && c != core) {
                sum += n * (double) transfer.ns(c, core);
                others += n;
            }
        }
        if (others == 0) {
            return 0;
        }
        return sum / (handover ? others : total);
    }

    /** What moving a line from one core's cache to another's costs. */
    @FunctionalInterface
    public interface TransferCost {
        long ns(int from, int to);
    }

    private void roll(long t) {
        if (windowStart == Long.MIN_VALUE) {
            windowStart = t;
            return;
        }
        if (t < windowStart + WINDOW_NS) {
            return;
        }
        boolean skipped = t >= windowStart + 2 * WINDOW_NS;
        System.arraycopy(current, 0, previous, 0, current.length);
        previousTotal = currentTotal;
        java.util.Arrays.fill(current, 0);
        currentTotal = 0;
        if (skipped) {
            java.util.Arrays.fill(previous, 0);
            previousTotal = 0;
        }
        windowStart = t - (t - windowStart) % WINDOW_NS;
    }
}
