package org.hcasim.ulp.iser.experiment;

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
 * {@code pi-mtt-klm}: iSER with T10-PI, random reads and writes per block size and block-integrity setting, with the
 * initiator's integrity MRs mapped through KLM always ({@code klm}, the baseline), through one MTT mkey when the
 * lists have no gaps ({@code mtt}), or physically first ({@code pa}). Testbed and workload follow the reference's
 * comment lines: two 24-core servers, 24 targets with one ramdisk LUN each (512+8, type 1), fio with 24 jobs at
 * iodepth 128, one job per LUN; reads and writes are separate runs (the {@code rw} axis).
 */
public final class PiMttKlmExperiment implements ExperimentDefinition {

    public static final String MAPPING_AXIS = "mapping";
    static final List<String> BLOCK_SIZES = List.of("512", "4096", "32768");
    static final int JOBS = 24;
    static final int IODEPTH = 128;

    @Override
    public String name() {
        return "pi-mtt-klm";
    }

    @Override
    public String description() {
        return "iSER with T10-PI: read and write IOPS with the initiator's integrity MRs mapped through KLM, MTT or"
                + " physically, per block size and write_generate/read_verify";
    }

    @Override
    public List<Axis> axes() {
        return List.of(Axis.of("write_generate", "1", "0"), Axis.of("read_verify", "1", "0"),
                new Axis("bs", BLOCK_SIZES, BLOCK_SIZES), Axis.of("rw", "read", "write"),
                Axis.of(MAPPING_AXIS, List.of("klm", "mtt"), List.of("pa")));
    }

    @Override
    public String policyAxis() {
        return MAPPING_AXIS;
    }

    /** The reference sets both integrity knobs together (1/1, and 0/0 as the other setup). */
    @Override
    public boolean admits(Point point) {
        return point.get("write_generate").equals(point.get("read_verify"));
    }

    /** Run-to-run noise of the reference: its 512-byte rows move by up to 1.5 % between the two mappings. */
    @Override
    public double unchangedBelowPct() {
        return 2.0;
    }

    @Override
    public String referenceResource() {
        return "/org/hcasim/ulp/iser/reference/pi-mtt-klm.csv";
    }

    @Override
    public List<ReferenceColumn> columns() {
        return List.of(ReferenceColumn.axis("write_generate"), ReferenceColumn.axis("read_verify"),
                ReferenceColumn.axis("bs"),
                ReferenceColumn.metric("read_kiops_mtt", "kiops", Map.of("rw", "read", MAPPING_AXIS, "mtt")),
                ReferenceColumn.metric("read_kiops_klm", "kiops", Map.of("rw", "read", MAPPING_AXIS, "klm")),
                ReferenceColumn.metric("write_kiops_mtt", "kiops", Map.of("rw", "write", MAPPING_AXIS, "mtt")),
                ReferenceColumn.metric("write_kiops_klm", "kiops", Map.of("rw", "write", MAPPING_AXIS, "klm")));
    }

    /** The registration policy a mapping names. */
    static String policy(String mapping) {
        return switch (mapping) {
            case "klm" -> "klm-only";
            case "mtt" -> "mtt-first";
            case "pa" -> "pa-first";
            default -> throw new IllegalArgumentException("pi-mtt-klm: mapping=" + mapping + " is not one of klm, mtt, pa");
        };
    }

    TestbedSpec testbed(Point point) {
        return TestbedSpec.resource(PiMttKlmExperiment.class, "pi-mtt-klm-testbed.properties")
                .with("iser.initiator.registration-policy", policy(point.get(MAPPING_AXIS)))
                .with("iser.initiator.write-generate", flag(point, "write_generate"))
                .with("iser.initiator.read-verify", flag(point, "read_verify"));
    }

    private static String flag(Point point, String axis) {
        return switch (point.get(axis)) {
            case "1" -> "true";
            case "0" -> "false";
            default -> throw new IllegalArgumentException("pi-mtt-klm: " + axis + "=" + point.get(axis) + " is not 0 or 1");
        };
    }

    /**
     * The fio job of a point: one job per LUN (sda ... sdx), each on its own core, iodepth 128, random reads or
     * writes of {@code bs}. Each LUN takes 32 commands (queue_depth), 768 in all, the other 96 of a job wait in its
     * block queue. fio counts until every queued I/O is done (3072 at the end of the run, ~44 ms at 32 KiB), and
     * where a target's responses queue behind later RDMA WRITEs on the same QP, completions trail the engine's work
     * by ~300 I/Os: both bias a short run upwards (+9% at 32 KiB with 16 ms measured). So the run grows with the
     * block size: a ramp of bs / 2 KiB ms (more than one latency, so the queues settle) and bs / 170 B ms measured
     * (10 ms at least; 192 ms at 32 KiB, bias below 2%).
     */
    static String fioJob(String rw, int bs) {
        int rampMs = Math.max(1, bs / 2048);
        int runtimeMs = Math.max(10, bs * 6 / 1024);
        StringBuilder job = new StringBuilder(String.join("\n", "[global]", "ioengine=iser",
                "rw=" + (rw.equals("read") ? "randread" : "randwrite"), "bs=" + bs, "iodepth=" + IODEPTH, "direct=1",
                "time_based=1", "ramp_time=" + rampMs + "ms", "runtime=" + runtimeMs + "ms", "group_reporting=1", ""));
        for (int i = 0; i < JOBS; i++) {
            String disk = "sd" + (char) ('a' + i);
            job.append("[").append(disk).append("]\nfilename=").append(disk).append("\n");
        }
        return job.toString();
    }

    @Override
    public PointResult run(Point point, ExperimentContext context) {
        int bs = point.getInt("bs");
        if (!BLOCK_SIZES.contains(Integer.toString(bs))) {
            throw new IllegalArgumentException("pi-mtt-klm: bs=" + bs + " is not one of " + BLOCK_SIZES);
        }
        WorkloadOutcome outcome = context.runFio(testbed(point), fioJob(point.get("rw"), bs));
        return PointResult.of(Map.of("kiops", outcome.metric("kiops")), outcome.report());
    }
}
