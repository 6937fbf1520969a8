package org.hcasim.ulp.rds.experiment;

import java.util.List;
import java.util.Map;
import org.hcasim.spi.Axis;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;
import org.hcasim.spi.RatioSummary;
import org.hcasim.spi.ReferenceColumn;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.WorkloadOutcome;
import org.hcasim.ulp.rds.settings.RdsSettings;
import org.hcasim.ulp.rds.stress.RdsStressOptions;
import org.hcasim.ulp.rds.stress.RdsStressRun;
import org.hcasim.ulp.rds.stress.RdsStressTool;

/**
 * {@code rds-dim}: rds-stress throughput between two X8-2 hosts with a ConnectX-5 VF each, bcopy, depth 4, with the
 * connections' send and receive CQs under fixed moderation (the device default) against dynamic interrupt
 * moderation, over connection count x tasks (product at most 128) and the request/ack sizes 256 and 8448.
 *
 * <p>IOPS is read as rds-stress's tx/s + rx/s on the active host: the requests it sent plus the requests it received
 * (and answered) per second, both hosts sending; rds-stress's tx/s and rx/s count requests (S_REQ_TX_BYTES,
 * S_REQ_RX_BYTES), not acks. Counting every message instead (four per exchange) asks the 8-QP runs' busiest vector
 * core to spend ~8.5 us on each message it receives, twice what tx/s + rx/s asks; neither reading lets one task reach
 * the one-task rows (docs/rds.md, "Which count is IOPS").
 */
public final class RdsDimExperiment implements ExperimentDefinition {
    /** The policy axis: the CQ policy of RDS's CQs. */
    public static final String POLICY_AXIS = "cq_policy";
    public static final String BASE = "fixed";
    public static final String DIM = "dim";
    static final List<String> SIZES = List.of("256", "8448");
    /**
     * The shortest warm-up at full depth: ~10 DIM windows of 64 events on a send CQ (~100 events/ms), but only 2-3 on
     * a receive CQ at 8 QPs x 4 tasks (~16/ms) and none at 64 x 1 (~2.5/ms), so DIM has not settled on the receive
     * CQs when the measurement starts (docs/rds.md, thirteenth pass).
     */
    static final long WARMUP_NS = 8_000_000L;
    /** The shortest measured interval (8 QPs x 4 tasks: a 40 ms window agrees within 1 %). */
    static final long MEASURE_NS = 12_000_000L;
    /**
     * Round trips each of them spans at least: the queues of a closed loop fill within about one round trip, and
     * runs with thousands of requests outstanding have round trips of 10-20 ms.
     */
    static final int ROUND_TRIPS = 3;
    /** The longest warm-up and interval: a bound on a run's time. */
    static final long MAX_WINDOW_NS = 100_000_000L;

    @Override
    public String name() {
        return "rds-dim";
    }

    @Override
    public String description() {
        return "rds-stress IOPS over RDS between two ConnectX-5 VFs with fixed CQ moderation vs DIM, per connection"
                + " count, tasks and request/ack size";
    }

    @Override
    public List<Axis> axes() {
        return List.of(Axis.of("ack_bytes", SIZES, List.of()), Axis.of("req_bytes", SIZES, List.of()),
                Axis.of("qps", List.of("8", "16", "32", "64", "128"), List.of("1", "2", "4")),
                Axis.of("threads", List.of("1", "2", "4", "8", "16"), List.of()),
                Axis.of("depth", List.of("4"), List.of("1", "2", "8", "16")),
                Axis.of(POLICY_AXIS, BASE, DIM));
    }

    @Override
    public String policyAxis() {
        return POLICY_AXIS;
    }

    @Override
    public String referenceResource() {
        return "/org/hcasim/ulp/rds/reference/rds-dim.csv";
    }

    @Override
    public List<ReferenceColumn> columns() {
        return List.of(ReferenceColumn.axis("ack_bytes"), ReferenceColumn.axis("req_bytes"), ReferenceColumn.axis("qps"),
                ReferenceColumn.axis("threads"), ReferenceColumn.axis("depth"),
                ReferenceColumn.metric("base_iops", "iops", POLICY_AXIS, BASE),
                ReferenceColumn.metric("dim_iops", "iops", POLICY_AXIS, DIM));
    }

    /** The reference's grid: connections x tasks at most 128. */
    @Override
    public boolean admits(Point point) {
        return Integer.parseInt(point.get("qps")) * Integer.parseInt(point.get("threads")) <= 128;
    }

    /** The reference's run-to-run noise: changes under 3 % count as none. */
    @Override
    public double unchangedBelowPct() {
        return 3.0;
    }

    /** The reference states the geometric mean of dim/base over all 60 runs: 1.03. */
    @Override
    public List<RatioSummary> ratioSummaries() {
        return List.of(RatioSummary.geometricMean("iops", DIM).withReference(1.03,
                "the measurements' summary of all 60 runs (issue 15)"));
    }

    /**
     * A point's rds-stress: {@code qps} instances of {@code threads} tasks, each instance with its one connection.
     * Mainline rds_rdma has one RC connection per address pair, so a run with 64 QPs and one thread is 64 processes,
     * each with its own connection (docs/rds.md, "What the qps axis is").
     */
    static RdsStressOptions options(Point point) {
        return new RdsStressOptions(Integer.parseInt(point.get("threads")), Long.parseLong(point.get("req_bytes")),
                Long.parseLong(point.get("ack_bytes")), Integer.parseInt(point.get("depth")), 1, 0, 0, false, true, false,
                false, false, false, 1, Integer.parseInt(point.get("qps")));
    }

    /** The rds-stress testbed with the point's connections and CQ policy; payload bytes are not stored. */
    static TestbedSpec testbed(Point point, RdsStressOptions options) {
        return RdsStressTool.testbed(options).with(RdsSettings.CQ_POLICY, point.get(POLICY_AXIS))
                .with("sim.payload", "elided");
    }

    @Override
    public PointResult run(Point point, ExperimentContext context) {
        RdsStressOptions options = options(point);
        WorkloadOutcome outcome = context.runCustom(testbed(point, options),
                RdsStressRun.settling(options, WARMUP_NS, MEASURE_NS, ROUND_TRIPS, MAX_WINDOW_NS));
        return PointResult.of(Map.of("iops", outcome.metric("txrx_per_s"), "tx_per_s", outcome.metric("tx_per_s"),
                "rtt_us", outcome.metric("rtt_us"), "cpu_pct", outcome.metric("cpu_pct")), outcome.report());
    }
}
