package org.hcasim.fio;

import java.util.Arrays;

/**
 * What a job measures and reports: the latencies it records ({@code disable_slat}, {@code disable_clat},
 * {@code disable_lat}, all three and bandwidth with {@code gtod_reduce}), its percentiles ({@code percentile_list},
 * {@code clat_percentiles}, {@code lat_percentiles}, {@code slat_percentiles}) and its log files
 * ({@code write_bw_log}, {@code write_lat_log}, {@code write_iops_log}: the prefix, null = none; {@code log_avg_msec},
 * {@code log_offset}, {@code per_job_logs}).
 */
record Reporting(boolean slat, boolean clat, boolean lat, boolean bw, double[] percentiles, boolean clatPercentiles,
                 boolean latPercentiles, boolean slatPercentiles, String bwLog, String latLog, String iopsLog,
                 long logAvgMs, boolean logOffset, boolean perJobLogs) {

    static final Reporting DEFAULT = new Reporting(true, true, true, true, FioFormat.PERCENTILES, true, false, false,
            null, null, null, 0, false, true);

    boolean logs() {
        return bwLog != null || latLog != null || iopsLog != null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Reporting r && slat == r.slat && clat == r.clat && lat == r.lat && bw == r.bw
                && Arrays.equals(percentiles, r.percentiles) && clatPercentiles == r.clatPercentiles
                && latPercentiles == r.latPercentiles && slatPercentiles == r.slatPercentiles
                && java.util.Objects.equals(bwLog, r.bwLog) && java.util.Objects.equals(latLog, r.latLog)
                && java.util.Objects.equals(iopsLog, r.iopsLog) && logAvgMs == r.logAvgMs && logOffset == r.logOffset
                && perJobLogs == r.perJobLogs;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(slat, clat, lat, bw, Arrays.hashCode(percentiles), bwLog, latLog, iopsLog, logAvgMs);
    }

    @Override
    public String toString() {
        return "Reporting[percentiles=" + Arrays.toString(percentiles) + ", bwLog=" + bwLog + ", latLog=" + latLog
                + ", iopsLog=" + iopsLog + "]";
    }
}
