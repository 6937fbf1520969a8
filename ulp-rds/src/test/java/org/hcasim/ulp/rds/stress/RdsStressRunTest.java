package org.hcasim.ulp.rds.stress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.spi.CustomWorkload;
import org.hcasim.spi.InvalidSettingException;
import org.hcasim.spi.RunReport;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.ToolContext;
import org.hcasim.spi.WorkloadOutcome;
import org.junit.jupiter.api.Test;

/** rds-stress running on a small simulated testbed: requests and acks flow both ways, verified byte for byte. */
class RdsStressRunTest {

    private static RdsStressRun.Result run(String settingsConnections, PayloadMode payload, String... args) {
        RdsStressOptions o = RdsStressOptions.parse(List.of(args));
        RdsStressRun run = new RdsStressRun(o, 1_000_000, 2_000_000, 2);
        run.run(new TwoHostTestbed(8, Map.of("rds.ib.connections-per-peer", settingsConnections), payload));
        return run.result();
    }

    @Test
    void every_task_sends_requests_to_every_peer_task_and_each_is_acked_with_verified_bytes() {
        RdsStressRun.Result r = run("2", PayloadMode.REAL, "-q", "8448", "-a", "256", "-t", "2", "-d", "2", "--qps", "2", "-v");

        assertThat(r.intervals()).hasSize(2);
        Counters c = r.intervals().get(1).counters();
        assertThat(c.requestsSent).isPositive();
        assertThat(c.requestsReceived).isPositive();
        assertThat(c.verifyErrors).isZero();
        assertThat(r.passiveTotal().verifyErrors).isZero();
        assertThat(c.requestBytesSent).isEqualTo(c.requestsSent * 8448);
        assertThat(c.roundTrips).isPositive();
        assertThat(RdsStressRun.metrics(r).get("rtt_us")).isPositive();
    }

    @Test
    void every_message_counts_requests_and_acks_both_ways_twice_the_request_count() {
        RdsStressRun.Result r = run("2", PayloadMode.ELIDED, "-q", "8448", "-a", "256", "-t", "2", "-d", "2", "--qps", "2");
        Counters c = r.total();
        assertThat(c.acksSent).isPositive();
        assertThat(c.acksReceived).isEqualTo(c.roundTrips);
        assertThat(c.messages()).isEqualTo(c.requestsSent + c.acksSent + c.requestsReceived + c.acksReceived);
        Map<String, Double> m = RdsStressRun.metrics(r);
        // every request sent is acked and every request received answered, so within what is in flight the count is
        // twice tx/s + rx/s of the request-counting columns
        assertThat(m.get("messages_per_s")).isCloseTo(2 * m.get("txrx_per_s"), org.assertj.core.data.Percentage.withPercentage(2));
    }

    @Test
    void the_run_report_names_the_busiest_vector_and_task_cores_what_bounds_the_run_and_the_cq_events() {
        RdsStressOptions o = RdsStressOptions.parse(List.of("-q", "8448", "-a", "256", "-t", "1", "-d", "4", "--qps", "2"));
        RdsStressRun run = new RdsStressRun(o, 1_000_000, 2_000_000, 1);
        run.run(new TwoHostTestbed(8, Map.of("rds.ib.connections-per-peer", "2"), PayloadMode.ELIDED));
        String account = run.annotate(RunReport.none()).boundBy();
        assertThat(account).containsPattern("busiest vector core (initiator|target) cpu[0-9] ")
                .containsPattern("busiest task core (initiator|target) cpu[0-9]+ ")
                .containsPattern(": (bound by the rds-stress task's CPU|bound by the RDS tasklets and interrupts of"
                        + " .* cpu[0-9]|no core saturated, bound by the 8 requests outstanding per task and their .* us"
                        + " round trip); CQ events")
                .containsPattern("; CQ events of both hosts: receive [1-9][0-9]*/ms with [0-9]+\\.[0-9] completions each,"
                        + " send [1-9][0-9]*/ms with [0-9]+\\.[0-9] each; [0-9]+ thread wake-ups/ms; ")
                .containsPattern("; transmit of both hosts: RDS_IN_XMIT found held [0-9]+/ms, holders' restarts [0-9]+/ms"
                        + " \\(raced [0-9]+/ms\\), rds_send_worker [0-9]+/ms, cp_lock waits and line transfers"
                        + " [0-9]+\\.[0-9]{2} us/ms$");
    }

    @Test
    void instances_each_exchange_with_their_peer_instance_and_add_up_to_the_total() {
        RdsStressRun.Result r = run("4", PayloadMode.REAL, "-q", "1k", "-a", "256", "-t", "2", "-d", "2", "--qps", "2",
                "--instances", "2", "-v");
        assertThat(r.instanceTotals()).hasSize(2);
        Counters sum = new Counters();
        for (Counters c : r.instanceTotals()) {
            assertThat(c.requestsSent).isPositive();
            assertThat(c.requestsReceived).isPositive();
            assertThat(c.verifyErrors).isZero(); // an ack from another instance's task would be one nobody waits for
            sum.add(c);
        }
        assertThat(sum.requestsSent).isEqualTo(r.total().requestsSent);
        assertThat(sum.acksReceived).isEqualTo(r.total().acksReceived);
        assertThat(r.passiveTotal().verifyErrors).isZero();
    }

    @Test
    void tasks_go_to_the_cores_after_the_vectors_and_round_robin_over_them_when_there_are_more() {
        // 48 cores, 10 vectors: cores 10..47 take tasks 0..37, task 38 starts over at core 10
        assertThat(RdsStressRun.taskCore(0, 10, 48)).isEqualTo(10);
        assertThat(RdsStressRun.taskCore(37, 10, 48)).isEqualTo(47);
        assertThat(RdsStressRun.taskCore(38, 10, 48)).isEqualTo(10);
        assertThat(RdsStressRun.taskCore(127, 10, 48)).isEqualTo(23);
        for (int t = 0; t < 128; t++) {
            assertThat(RdsStressRun.taskCore(t, 10, 48)).as("task " + t).isBetween(10, 47);
        }
        // no core beyond the vectors': every core takes tasks in turn
        assertThat(RdsStressRun.taskCore(9, 8, 8)).isEqualTo(1);
    }

    @Test
    void more_tasks_than_free_cores_connect_and_run() {
        int cores = 8;
        RdsStressOptions o = RdsStressOptions.parse(List.of("-q", "256", "-a", "256", "-t", "3", "--instances", "4"));
        RdsStressRun run = new RdsStressRun(o, 1_000_000, 2_000_000, 1);
        run.run(new TwoHostTestbed(cores, Map.of("rds.ib.connections-per-peer", "4"), PayloadMode.ELIDED));
        assertThat(run.result().instanceTotals()).allMatch(c -> c.acksReceived > 0);
    }

    @Test
    void one_way_the_passive_host_only_answers() {
        RdsStressRun.Result r = run("1", PayloadMode.ELIDED, "-q", "256", "-a", "256", "-t", "1", "-d", "4", "-o");
        Counters active = r.intervals().get(1).counters();
        assertThat(active.requestsSent).isPositive();
        assertThat(active.requestsReceived).isZero();
        assertThat(r.passiveTotal().requestsSent).isZero();
    }

    @Test
    void verify_refuses_a_run_that_does_not_store_payload() {
        assertThatThrownBy(() -> run("1", PayloadMode.ELIDED, "-v"))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("sim.payload");
    }

    @Test
    void the_tool_prints_the_layout_and_bad_options_are_one_line_errors() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ToolContext ctx = new ToolContext() {
            @Override public PrintStream out() { return new PrintStream(out, true, StandardCharsets.UTF_8); }
            @Override public PrintStream err() { return new PrintStream(err, true, StandardCharsets.UTF_8); }
            @Override public WorkloadOutcome runCustom(TestbedSpec testbed, CustomWorkload workload) {
                assertThat(testbed.settings()).containsEntry("rds.ib.connections-per-peer", "1");
                return new WorkloadOutcome(workload.run(new TwoHostTestbed(8, Map.of(), PayloadMode.ELIDED)),
                        RunReport.none());
            }
        };
        RdsStressTool tool = new RdsStressTool();
        assertThat(tool.run(List.of("-q", "1k", "-a", "1k", "-t", "1", "-T", "1", "-z"), ctx)).isZero();
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines.get(0)).isEqualTo(RdsStressReport.HEADER);
        assertThat(lines.get(lines.size() - 1)).endsWith("-1.00  (average)");

        assertThat(tool.run(List.of("-q", "lots"), ctx)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo(
                "rds-stress: option -q: 'lots' is not a number of bytes (digits with an optional K, M or G suffix)"
                        + " (see 'hcasim rds-stress --help')" + System.lineSeparator());
    }
}
