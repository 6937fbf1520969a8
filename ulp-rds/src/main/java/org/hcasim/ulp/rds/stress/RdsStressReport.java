package org.hcasim.ulp.rds.stress;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * rds-stress's output: the column header, one line per interval in its printf widths
 * ({@code %4u %6u %6u %10.2f %10.2f %10.2f %7.2f %8.2f %5.2f}), a dashed line and the average marked
 * {@code (average)}; cpu % is -1.00 unless -c asked for it. Also the {@code --show-perfdata} record and JSON.
 */
final class RdsStressReport {
    static final String HEADER = "tsks   tx/s   rx/s  tx+rx K/s    mbi K/s    mbo K/s tx us/c   rtt us cpu %";
    static final String DASHES = "---------------------------------------------";

    private RdsStressReport() {
    }

    /** One reported line's values. */
    record Line(int tasks, long txPerS, long rxPerS, double kbPerS, double mbiKbPerS, double mboKbPerS,
                double usPerSendmsg, double rttUs, double cpuPercent) {

        static Line of(int tasks, RdsStressRun.Interval i, boolean reportCpu) {
            return of(tasks, i.counters(), i.lengthNs(), reportCpu ? i.cpuPercent() : -1.0);
        }

        static Line of(int tasks, Counters c, long ns, double cpu) {
            double s = ns / 1e9;
            long bytes = c.requestBytesSent + c.requestBytesReceived + c.ackBytesSent + c.ackBytesReceived;
            return new Line(tasks, Math.round(c.requestsSent / s), Math.round(c.requestsReceived / s), bytes / 1024.0 / s,
                    0.0, 0.0, c.sendmsgCalls == 0 ? 0.0 : c.sendmsgNs / 1000.0 / c.sendmsgCalls,
                    c.roundTrips == 0 ? 0.0 : c.roundTripNs / 1000.0 / c.roundTrips, cpu);
        }

        String text() {
            return String.format(Locale.ROOT, "%4d %6d %6d %10.2f %10.2f %10.2f %7.2f %8.2f %5.2f", tasks, txPerS, rxPerS,
                    kbPerS, mbiKbPerS, mboKbPerS, usPerSendmsg, rttUs, cpuPercent);
        }

        String perfdata() {
            return String.format(Locale.ROOT, "::%d,%d,%d,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f", tasks, txPerS, rxPerS, kbPerS,
                    mbiKbPerS, mboKbPerS, usPerSendmsg, rttUs, cpuPercent);
        }
    }

    /**
     * The average over the intervals of all instances: rates over their whole time, cpu as the mean of the
     * intervals'.
     */
    static Line average(RdsStressRun.Result r, boolean reportCpu) {
        return Line.of(allTasks(r), r.total(), r.lengthNs(), reportCpu ? r.meanCpuPercent() : -1.0);
    }

    /** Instance {@code i}'s average (cpu is the host's, shared by every instance). */
    static Line instanceAverage(RdsStressRun.Result r, int i, boolean reportCpu) {
        return Line.of(r.tasks(), r.instanceTotals().get(i), r.lengthNs(), reportCpu ? r.meanCpuPercent() : -1.0);
    }

    private static int allTasks(RdsStressRun.Result r) {
        return r.tasks() * r.instanceTotals().size();
    }

    static String text(RdsStressRun.Result r, RdsStressOptions o) {
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        if (!o.summaryOnly()) {
            for (RdsStressRun.Interval i : r.intervals()) {
                b.append(Line.of(allTasks(r), i, o.reportCpu()).text()).append('\n');
            }
        }
        b.append(DASHES).append('\n');
        if (r.instanceTotals().size() > 1) {
            for (int i = 0; i < r.instanceTotals().size(); i++) {
                b.append(instanceAverage(r, i, o.reportCpu()).text()).append("  (instance ").append(i).append(")\n");
            }
        }
        Line avg = average(r, o.reportCpu());
        b.append(avg.text()).append("  (average)\n");
        if (o.showPerfdata()) {
            b.append("::tsks,tx/s,rx/s,tx+rx K/s,mbi K/s,mbo K/s,tx us/c,rtt us,cpu %\n").append(avg.perfdata()).append('\n');
        }
        return b.toString();
    }

    static String json(RdsStressRun.Result r, RdsStressOptions o) {
        List<String> lines = new ArrayList<>();
        for (RdsStressRun.Interval i : r.intervals()) {
            lines.add(json(Line.of(allTasks(r), i, o.reportCpu())));
        }
        List<String> instances = new ArrayList<>();
        for (int i = 0; i < r.instanceTotals().size(); i++) {
            instances.add(json(instanceAverage(r, i, o.reportCpu())));
        }
        return "{\n  \"options\": {\"tasks\": " + o.tasks() + ", \"req_bytes\": " + o.reqBytes() + ", \"ack_bytes\": "
                + o.ackBytes() + ", \"depth\": " + o.depth() + ", \"time_s\": " + o.seconds() + ", \"qps\": " + o.qps()
                + ", \"instances\": " + o.instances()
                + ", \"one_way\": " + o.oneWay() + ", \"verify\": " + o.verify() + "},\n  \"intervals\": [\n    "
                + String.join(",\n    ", lines) + "\n  ],\n  \"instances\": [\n    " + String.join(",\n    ", instances)
                + "\n  ],\n  \"average\": " + json(average(r, o.reportCpu())) + "\n}\n";
    }

    private static String json(Line l) {
        return String.format(Locale.ROOT, "{\"tsks\": %d, \"tx_per_s\": %d, \"rx_per_s\": %d, \"tx_rx_kb_per_s\": %.2f, "
                        + "\"mbi_kb_per_s\": %.2f, \"mbo_kb_per_s\": %.2f, \"tx_us_per_call\": %.2f, \"rtt_us\": %.2f, "
                        + "\"cpu_pct\": %.2f}", l.tasks(), l.txPerS(), l.rxPerS(), l.kbPerS(), l.mbiKbPerS(),
                l.mboKbPerS(), l.usPerSendmsg(), l.rttUs(), l.cpuPercent());
    }
}
