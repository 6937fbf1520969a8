package org.hcasim.ulp.nvmeof.experiment;

import java.util.ArrayList;
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
 * {@code inline-umr}: NVMe-oF random reads with registration on every I/O, the translation list carried
 * inline in the UMR WQE (profile default, 64 bytes) against always fetched by DMA
 * ({@code hca.umr.inline-max-bytes=0}), per HCA and block size. Testbed and workload follow the reference
 * CSV's comment: one initiator running fio randread, numjobs=48, iodepth=16, direct, against one subsystem
 * with one null_blk namespace.
 */
public final class InlineUmrExperiment implements ExperimentDefinition {

    /** The policy axis: how UMR translation lists reach the HCA. */
    public static final String UMR_AXIS = "umr";
    public static final String SG = "sg";
    public static final String INLINE = "inline";
    /** fio iodepth per job (the CSV says "16/64"; 16 is enough to saturate at every size in the model). */
    public static final int IODEPTH = 16;
    public static final int NUMJOBS = 48;

    static final List<String> BLOCK_SIZES = blockSizes();

    private static List<String> blockSizes() {
        List<String> sizes = new ArrayList<>();
        for (int bs = 512; bs <= 65_536; bs *= 2) {
            sizes.add(Integer.toString(bs));
        }
        return List.copyOf(sizes);
    }

    @Override
    public String name() {
        return "inline-umr";
    }

    @Override
    public String description() {
        return "NVMe-oF randread IOPS and host CPU with UMR translation lists inline in the WQE vs fetched by DMA,"
                + " per HCA and block size";
    }

    @Override
    public List<Axis> axes() {
        return List.of(Axis.of("hca", "connectx4", "connectx5"), new Axis("bs", BLOCK_SIZES, BLOCK_SIZES),
                Axis.of(UMR_AXIS, SG, INLINE));
    }

    @Override
    public String policyAxis() {
        return UMR_AXIS;
    }

    @Override
    public String referenceResource() {
        return "/org/hcasim/ulp/nvmeof/reference/inline-umr.csv";
    }

    @Override
    public List<ReferenceColumn> columns() {
        return List.of(ReferenceColumn.axis("hca"), ReferenceColumn.axis("bs"),
                ReferenceColumn.metric("sg_kiops", "kiops", UMR_AXIS, SG),
                ReferenceColumn.metric("sg_host_cpu_pct", "host_cpu_pct", UMR_AXIS, SG),
                ReferenceColumn.metric("inline_kiops", "kiops", UMR_AXIS, INLINE),
                ReferenceColumn.metric("inline_host_cpu_pct", "host_cpu_pct", UMR_AXIS, INLINE));
    }

    /**
     * PCIe lanes of each adapter as the measurement states its setup: "ConnectX-5 (pci Width x16)", "ConnectX-4 (pci
     * Width x8)". The width is the link the card trained at in the measured machine's slot (lspci's LnkSta), not a
     * property of the adapter: the 100 GbE ConnectX-4 cards are x16 parts (the connectx4 profile), here on an x8
     * link, so it is a setting of this testbed (docs/decisions.md), on both hosts as the adapter is.
     */
    static final Map<String, String> MEASURED_PCIE_LANES = Map.of("connectx4", "8", "connectx5", "16");

    /**
     * The testbed of a point: the file's hosts (fio on libaio's path, {@code fio.submit-path}, as the reference's
     * initiator), the point's HCA profile on the link width it was measured on, and for sg no inline lists.
     */
    TestbedSpec testbed(Point point) {
        String hca = point.get("hca");
        TestbedSpec spec = TestbedSpec.resource(InlineUmrExperiment.class, "inline-umr-testbed.properties")
                .with("hca.profile", hca);
        if (MEASURED_PCIE_LANES.containsKey(hca)) {
            spec = spec.with("hca.pcie.lanes", MEASURED_PCIE_LANES.get(hca));
        }
        return point.get(UMR_AXIS).equals(SG) ? spec.with("hca.umr.inline-max-bytes", "0") : spec;
    }

    /**
     * The fio job of a point. The measured interval grows with the block size so that it spans many I/O
     * latencies also where the link is the bottleneck (768 I/Os of 64 KiB queue for ~4 ms): 4 ms up to 16 KiB,
     * then bs / 4 KiB ms, after a quarter of that as ramp.
     */
    static String fioJob(int bs) {
        int runtimeMs = Math.max(4, bs / 4096);
        int rampMs = Math.max(1, runtimeMs / 4);
        return String.join("\n",
                "[global]",
                "ioengine=nvmeof",
                "rw=randread",
                "bs=" + bs,
                "iodepth=" + IODEPTH,
                "numjobs=" + NUMJOBS,
                "direct=1",
                "time_based=1",
                "ramp_time=" + rampMs + "ms",
                "runtime=" + runtimeMs + "ms",
                "group_reporting=1",
                "",
                "[inline-umr]",
                "");
    }

    @Override
    public PointResult run(Point point, ExperimentContext context) {
        int bs = point.getInt("bs");
        if (!BLOCK_SIZES.contains(Integer.toString(bs))) {
            throw new IllegalArgumentException("inline-umr: bs=" + bs + " is not one of " + BLOCK_SIZES);
        }
        WorkloadOutcome outcome = context.runFio(testbed(point), fioJob(bs));
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("kiops", outcome.metric("kiops"));
        metrics.put("host_cpu_pct", outcome.metric("cpu_pct.initiator"));
        return PointResult.of(metrics, outcome.report());
    }
}
