package org.hcasim.verbs;

/**
 * Interrupt moderation of a CQ (mlx5 cq_max_count / cq_period): an event waits for {@code count}
 * completions or for {@code periodUs} microseconds, whichever comes first. {@code 0/0} (or count 1) is no
 * moderation: every completion of an armed CQ raises an event.
 *
 * @param count    completions to gather, 0..65535 (16 bits)
 * @param periodUs microseconds, 0..4095 (12 bits)
 * @param mode     when the period starts
 */
public record Moderation(int count, int periodUs, CqPeriodMode mode) {
    /** Largest period the hardware field holds. */
    public static final int MAX_PERIOD_US = 0xFFF;
    /** Largest count the hardware field holds. */
    public static final int MAX_COUNT = 0xFFFF;
    /** No moderation. */
    public static final Moderation NONE = new Moderation(0, 0, CqPeriodMode.START_ON_EVENT);

    public Moderation {
        if (count < 0 || periodUs < 0 || count > MAX_COUNT || periodUs > MAX_PERIOD_US) {
            throw new VerbsException(Errno.EINVAL, "CQ moderation count " + count + " (0.." + MAX_COUNT + ") / period "
                    + periodUs + " us (0.." + MAX_PERIOD_US + ") out of range");
        }
        java.util.Objects.requireNonNull(mode, "mode");
    }

    public static Moderation of(int count, int periodUs) {
        return new Moderation(count, periodUs, CqPeriodMode.START_ON_EVENT);
    }
}
