package org.hcasim.ulp.nvmeof.experiment;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.spi.Axis;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;
import org.hcasim.spi.ReferenceColumn;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.WorkloadOutcome;

/**
 * {@code srq-per-vector}: a storage target's receive queues, per QP, one SRQ per device, or one SRQ per
 * completion vector (1024 or 256 entries), under 1-4 KiB reads and writes from 4 initiators on a 2-port target
 * ({@code srq-per-vector-testbed.properties}, after the reference CSV's comment). Columns: total IOPS and
 * target CPU; each point's run report carries the receive-buffer memory its SRQ policy commits. The ULP axis
 * runs the same grid over NVMe-oF (nvmet-rdma's use_srq / srq_size) or SRP (srpt's use_srq / srq_size).
 */
public final class SrqPerVectorExperiment implements ExperimentDefinition {

    public static final String CASE_AXIS = "case";
    public static final String PER_VECTOR_1024 = "srq_per_vector_1024";
    public static final String PER_VECTOR_256 = "srq_per_vector_256";
    public static final String PER_QP = "per_qp_rq";
    public static final String SINGLE = "single_srq";
    /** fio per initiator, as the reference. */
    public static final int NUMJOBS = 12;
    public static final int IODEPTH = 128;
    /** Entries of each per-QP receive queue (the CSV: "a 256-entry receive queue per QP"): the host queue size. */
    public static final int QUEUE_SIZE = 256;
    /** Entries of the one SRQ per device (the CSV: "one 4096-entry SRQ per device"). */
    public static final int SINGLE_SRQ_SIZE = 4096;

    @Override
    public String name() {
        return "srq-per-vector";
    }

    @Override
    public String description() {
        return "Target receive queues per QP, one SRQ per device or one per completion vector: total IOPS and"
                + " target CPU of 4 initiators on a 2-port target, with the receive-buffer memory of each";
    }

    @Override
    public List<Axis> axes() {
        return List.of(Axis.of("rw", "read", "write"), Axis.of("bs", "1024", "2048", "4096"),
                Axis.of(CASE_AXIS, PER_QP, PER_VECTOR_1024, PER_VECTOR_256, SINGLE),
                Axis.of("ulp", List.of("nvmeof"), List.of("srp")));
    }

    @Override
    public String policyAxis() {
        return CASE_AXIS;
    }

    @Override
    public String referenceResource() {
        return "/org/hcasim/ulp/nvmeof/reference/srq-per-vector.csv";
    }

    @Override
    public List<ReferenceColumn> columns() {
        return List.of(ReferenceColumn.axis("rw"), ReferenceColumn.axis("bs"), ReferenceColumn.axis(CASE_AXIS),
                ReferenceColumn.metric("kiops", "kiops", Map.of("ulp", "nvmeof")),
                ReferenceColumn.metric("target_cpu_pct", "target_cpu_pct", Map.of("ulp", "nvmeof")));
    }

    /**
     * The testbed of a point: the file's hosts (fio on libaio's path, {@code fio.submit-path}, as assumed of the
     * reference's initiators) and the ULP's initiator and target settings for the case.
     */
    static TestbedSpec testbed(Point point) {
        TestbedSpec spec = TestbedSpec.resource(SrqPerVectorExperiment.class, "srq-per-vector-testbed.properties");
        String c = point.get(CASE_AXIS);
        String policy = switch (c) {
            case PER_QP -> "none";
            case SINGLE -> "per-device";
            case PER_VECTOR_1024, PER_VECTOR_256 -> "per-vector";
            default -> throw new IllegalArgumentException("srq-per-vector: no case " + c);
        };
        int srqSize = switch (c) {
            case SINGLE -> SINGLE_SRQ_SIZE;
            case PER_VECTOR_256 -> 256;
            default -> 1024;
        };
        String ulp = point.get("ulp");
        if (ulp.equals("nvmeof")) {
            return spec.with("nvmeof.host.register-always", "false")
                    .with("nvmeof.host.queue-size", Integer.toString(QUEUE_SIZE))
                    .with("nvmeof.target.srq-policy", policy)
                    .with("nvmeof.target.srq-size", Integer.toString(srqSize));
        }
        // ib_srp: register_always=N (the global rkey for single-segment I/O), queue_size 256 (its can_queue)
        return spec.with("srp.initiator.register-always", "false")
                .with("srp.initiator.queue-size", Integer.toString(QUEUE_SIZE))
                .with("srp.target.srq-policy", policy)
                .with("srp.target.srq-size", Integer.toString(srqSize));
    }

    /** The fio job each initiator runs: random reads or writes, 12 jobs of iodepth 128, a short measured interval. */
    static String fioJob(String ulp, String rw, int bs) {
        return String.join("\n",
                "[global]",
                "ioengine=" + ulp,
                "rw=" + (rw.equals("read") ? "randread" : "randwrite"),
                "bs=" + bs,
                "iodepth=" + IODEPTH,
                "numjobs=" + NUMJOBS,
                "direct=1",
                "time_based=1",
                "ramp_time=6ms",
                "runtime=16ms",
                "group_reporting=1",
                "",
                "[srq-per-vector]",
                "");
    }

    @Override
    public PointResult run(Point point, ExperimentContext context) {
        String ulp = point.get("ulp");
        WorkloadOutcome outcome = context.runFio(testbed(point), fioJob(ulp, point.get("rw"), point.getInt("bs")));
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("kiops", outcome.metric("kiops"));
        metrics.put("target_cpu_pct", outcome.metric("cpu_pct.target"));
        Long memory = outcome.report().memoryBytes().get("receive buffers");
        if (memory != null) {
            metrics.put("receive_buffer_mib", memory / (1024.0 * 1024.0));
        }
        return PointResult.of(metrics, outcome.report());
    }
}
