package org.hcasim.fio;

import java.util.List;
import java.util.Locale;

/**
 * fio's {@code steadystate} ({@code ss}), {@code steadystate_duration} ({@code ss_dur}) and
 * {@code steadystate_ramp_time} ({@code ss_ramp}): the criterion ({@code iops}, {@code iops_slope}, {@code bw},
 * {@code bw_slope}), its limit (a percentage of the mean when {@code percent}, else an absolute value), the window
 * and the time before watching starts. {@link FioSteadyStateCriterion} judges it; a window of 0 turns it off.
 */
record SteadyState(String criterion, double limit, boolean percent, long durationNs, long rampNs) {

    /** fio samples the steady-state data once per second (the HOWTO's "Data will be collected once per second"). */
    static final long SAMPLE_NS = 1_000_000_000L;

    /** fio's ss=... syntax: {@code iops:10%}, {@code bw_slope:0.1%}, {@code iops:2000}. */
    static SteadyState parse(String value, long durationNs, long rampNs) {
        int colon = value.indexOf(':');
        if (colon < 0) throw new IllegalArgumentException("expected criterion:limit (e.g. iops:10%), got '" + value + "'");
        String criterion = value.substring(0, colon).strip().toLowerCase(Locale.ROOT);
        if (!List.of("iops", "iops_slope", "bw", "bw_slope").contains(criterion)) {
            throw new IllegalArgumentException("unknown criterion '" + criterion + "' (iops, iops_slope, bw, bw_slope)");
        }
        String limit = value.substring(colon + 1).strip();
        boolean percent = limit.endsWith("%");
        try {
            double v = Double.parseDouble(percent ? limit.substring(0, limit.length() - 1) : limit);
            if (!(v >= 0)) throw new NumberFormatException();
            return new SteadyState(criterion, v, percent, durationNs, rampNs);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad limit '" + limit + "' (a number, optionally with %)");
        }
    }

    /** Checks an {@code ss_dur}: 0 turns detection off; otherwise whole samples of one second. */
    static long duration(long ns) {
        if (ns != 0 && ns < SAMPLE_NS) {
            throw new IllegalArgumentException(ns + " ns is shorter than fio's steady-state sample of 1s (0 turns it off;"
                    + " the window holds one sample per second)");
        }
        return ns;
    }

    /** Whether the job watches for steady state at all (fio: a zero {@code ss_dur} disables it). */
    boolean enabled() {
        return durationNs >= SAMPLE_NS;
    }

    /** Samples in the rolling window. */
    int samples() {
        return (int) (durationNs / SAMPLE_NS);
    }

    boolean iops() {
        return criterion.startsWith("iops");
    }

    boolean slope() {
        return criterion.endsWith("_slope");
    }
}
