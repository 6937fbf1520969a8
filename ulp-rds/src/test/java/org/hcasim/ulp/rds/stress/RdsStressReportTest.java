package org.hcasim.ulp.rds.stress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** rds-stress's output layout: its header, its printf widths, the dashed line and the (average) row. */
class RdsStressReportTest {

    private static Counters counters(long tx, long rx, long bytesEach, long sendmsgNs, long calls, long rttNs, long trips) {
        Counters c = new Counters();
        c.requestsSent = tx;
        c.requestsReceived = rx;
        c.requestBytesSent = bytesEach;
        c.requestBytesReceived = bytesEach;
        c.ackBytesSent = bytesEach;
        c.ackBytesReceived = bytesEach;
        c.sendmsgNs = sendmsgNs;
        c.sendmsgCalls = calls;
        c.roundTripNs = rttNs;
        c.roundTrips = trips;
        return c;
    }

    private static RdsStressRun.Result result() {
        RdsStressRun.Interval a = new RdsStressRun.Interval(1_000_000_000L,
                counters(60_917, 60_920, 258_662_400, 889_000_000, 121_837, 15_987_000_000L, 60_915), 7.5);
        RdsStressRun.Interval b = new RdsStressRun.Interval(1_000_000_000L,
                counters(60_893, 60_890, 258_560_000, 890_000_000, 121_783, 15_990_000_000L, 60_890), 8.5);
        Counters all = a.counters().copy();
        all.add(b.counters());
        return new RdsStressRun.Result(List.of(a, b), List.of(all), new Counters(), 4, null);
    }

    /** Two instances of two tasks, whose counts make up the intervals of result(). */
    private static RdsStressRun.Result twoInstances() {
        RdsStressRun.Result one = result();
        Counters first = counters(40_000, 40_000, 170_000_000, 600_000_000, 80_000, 10_000_000_000L, 40_000);
        Counters second = one.total().since(first);
        return new RdsStressRun.Result(one.intervals(), List.of(first, second), new Counters(), 2, null);
    }

    @Test
    void the_header_is_rds_stresses() {
        assertThat(RdsStressReport.HEADER)
                .isEqualTo("tsks   tx/s   rx/s  tx+rx K/s    mbi K/s    mbo K/s tx us/c   rtt us cpu %");
    }

    @Test
    void each_value_ends_where_its_header_column_ends() {
        String line = RdsStressReport.Line.of(4, result().intervals().get(0), true).text();
        String header = RdsStressReport.HEADER;
        assertThat(line).hasSize(header.length());
        // every column is right-aligned under its heading: a value's last character sits under the heading's
        for (String heading : List.of("tsks", "tx/s", "rx/s", "tx+rx K/s", "mbi K/s", "mbo K/s", "tx us/c", "rtt us",
                "cpu %")) {
            int end = header.indexOf(heading) + heading.length() - 1;
            assertThat(line.charAt(end)).as(heading).isNotEqualTo(' ');
            if (end + 1 < line.length()) {
                assertThat(line.charAt(end + 1)).as("after " + heading).isEqualTo(' ');
            }
        }
        assertThat(line).isEqualTo("   4  60917  60920 1010400.00       0.00       0.00    7.30   262.45  7.50");
    }

    @Test
    void without_c_the_cpu_column_is_minus_one() {
        RdsStressOptions o = RdsStressOptions.parse(List.of("-t", "4"));
        String text = RdsStressReport.text(result(), o);
        assertThat(text.lines().skip(1).limit(2)).allMatch(l -> l.endsWith("-1.00"));
    }

    @Test
    void the_seconds_are_followed_by_a_dashed_line_and_the_average() {
        RdsStressOptions o = RdsStressOptions.parse(List.of("-t", "4", "-c"));
        List<String> lines = RdsStressReport.text(result(), o).lines().toList();
        assertThat(lines).hasSize(5);
        assertThat(lines.get(0)).isEqualTo(RdsStressReport.HEADER);
        assertThat(lines.get(3)).matches("-+");
        assertThat(lines.get(4)).endsWith("  8.00  (average)").startsWith("   4  60905  60905");
    }

    @Test
    void with_instances_the_lines_are_their_sums_and_each_instance_has_its_average_before_the_total() {
        RdsStressOptions o = RdsStressOptions.parse(List.of("-t", "2", "--instances", "2", "-c"));
        List<String> lines = RdsStressReport.text(twoInstances(), o).lines().toList();
        assertThat(lines).hasSize(7);
        assertThat(lines.get(1)).startsWith("   4  60917  60920");
        assertThat(lines.get(3)).matches("-+");
        // 2 s measured: 40000 + 40000 requests over 2 s, the rest (41810 + 41810) the second instance's
        assertThat(lines.get(4)).startsWith("   2  20000  20000").endsWith("  8.00  (instance 0)");
        assertThat(lines.get(5)).startsWith("   2  40905  40905").endsWith("  (instance 1)");
        assertThat(lines.get(6)).startsWith("   4  60905  60905").endsWith("  (average)");
        String json = RdsStressReport.json(twoInstances(), o);
        assertThat(json).contains("\"instances\": 2").contains("\"instances\": [\n    {\"tsks\": 2, \"tx_per_s\": 20000")
                .contains("\"average\": {\"tsks\": 4, \"tx_per_s\": 60905");
    }

    @Test
    void one_instance_has_no_instance_line() {
        List<String> lines = RdsStressReport.text(result(), RdsStressOptions.parse(List.of("-t", "4"))).lines().toList();
        assertThat(lines).noneMatch(l -> l.contains("(instance"));
    }

    @Test
    void summary_only_prints_the_header_and_the_average() {
        RdsStressOptions o = RdsStressOptions.parse(List.of("-z"));
        List<String> lines = RdsStressReport.text(result(), o).lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(2)).endsWith("(average)");
    }

    @Test
    void show_perfdata_adds_the_average_as_a_record() {
        RdsStressOptions o = RdsStressOptions.parse(List.of("--show-perfdata"));
        List<String> lines = RdsStressReport.text(result(), o).lines().toList();
        assertThat(lines.get(lines.size() - 1)).startsWith("::4,60905,60905,");
    }

    @Test
    void json_has_every_interval_and_the_average() {
        RdsStressOptions o = RdsStressOptions.parse(List.of("--json", "-c"));
        String json = RdsStressReport.json(result(), o);
        assertThat(json).contains("\"intervals\": [").contains("\"average\": {\"tsks\": 4, \"tx_per_s\": 60905")
                .contains("\"cpu_pct\": 8.00");
    }
}
