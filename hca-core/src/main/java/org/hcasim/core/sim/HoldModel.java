package org.hcasim.core.sim;

import java.util.SplittableRandom;

/**
 * The classic "hold" workload for event-set benchmarks: keep {@code pending} events scheduled; each event,
 * when run, schedules one new event at a random future time (uniform in [0, 2048) ns ahead; a power-of-two
 * bound keeps the random draw a mask, so the benchmark measures the loop). The pending count stays constant. Used by {@code hcasim bench kernel} and the JMH benchmarks.
 */
public final class HoldModel {
    private static final long DELAY_BOUND_NS = 2048;

    private final EventLoop loop = new EventLoop();
    private final SplittableRandom random;
    private final Runnable reschedule;

    public HoldModel(int pending, long seed) {
        if (pending < 1) {
            throw new IllegalArgumentException("pending must be >= 1, got " + pending);
        }
        this.random = new SplittableRandom(seed);
        this.reschedule = () -> loop.after(random.nextLong(DELAY_BOUND_NS), this.reschedule());
        for (int i = 0; i < pending; i++) {
            loop.at(random.nextLong(DELAY_BOUND_NS), reschedule);
        }
    }

    private Runnable reschedule() {
        return reschedule;
    }

    /** Runs {@code events} events of the hold model. */
    public void run(long events) {
        loop.runEvents(events);
    }

    public EventLoop loop() {
        return loop;
    }

    /**
     * Measures wall-clock events per second: runs {@code warmupEvents}, then times {@code events} more.
     */
    public static double eventsPerSecond(int pending, long warmupEvents, long events, long seed) {
        HoldModel m = new HoldModel(pending, seed);
        m.run(warmupEvents);
        long t0 = System.nanoTime();
        m.run(events);
        long t1 = System.nanoTime();
        return events * 1e9 / Math.max(1, t1 - t0);
    }
}
