package org.hcasim.fio;

/**
 * fio's {@code steadystate} ({@code ss}), {@code steadystate_duration} ({@code ss_dur}) and
 * {@code steadystate_ramp_time} ({@code ss_ramp}): the criterion ({@code iops}, {@code iops_slope}, {@code bw},
 * {@code bw_slope}), its limit (a percentage of the mean when {@code percent}, else an absolute value), the window
 * and the time before watching starts. Parsed and carried; detecting the steady state and stopping the job there is
 * not implemented yet, so a job with it runs its whole runtime.
 */
record SteadyState(String criterion, double limit, boolean percent, long durationNs, long rampNs) {

    /** fio's ss=... syntax: {@code iops:10%}, {@code bw_slope:0.1%}, {@code iops:2000}. */
    static SteadyState parse(String value, long durationNs, long rampNs) {
        int colon = value.indexOf(':');
        if (colon < 0) throw new IllegalArgumentException("expected criterion:limit (e.g. iops:10%), got '" + value + "'");
        String criterion = value.substring(0, colon).strip().toLowerCase(java.util.Locale.ROOT);
        if (!java.util.List.of("iops", "iops_slope", "bw", "bw_slope").contains(criterion)) {
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
}
