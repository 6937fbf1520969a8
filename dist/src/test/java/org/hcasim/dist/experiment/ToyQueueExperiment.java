package org.hcasim.dist.experiment;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.spi.Axis;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;
import org.hcasim.spi.ReferenceColumn;
import org.hcasim.spi.ResourceUsage;
import org.hcasim.spi.RunReport;

/**
 * A test experiment with a closed-form point runner: a host with {@value #CORES} cores sends blocks over
 * one link. Each I/O costs {@value #IO_NS} ns of CPU, plus, with the {@code copy} policy, a copy of the
 * block at {@value #COPY_BYTES_PER_NS} bytes/ns; the link moves {@value #LINK_BYTES_PER_NS} bytes/ns.
 * Throughput is the lower of the two capacities, so small blocks are CPU-bound and large ones link-bound.
 */
public final class ToyQueueExperiment implements ExperimentDefinition {
    static final int CORES = 4;
    static final double IO_NS = 2_000;
    static final double COPY_BYTES_PER_NS = 4;
    static final double LINK_BYTES_PER_NS = 12.5;
    static final long MEASURED_NS = 1_000_000_000L;

    @Override
    public String name() {
        return "toy-queue";
    }

    @Override
    public String description() {
        return "Closed-form toy: copy vs zero-copy sends, IOPS and CPU by block size";
    }

    @Override
    public List<Axis> axes() {
        return List.of(Axis.of("bs", List.of("512", "4096", "65536"), List.of("1024")), Axis.of("policy", "copy", "zerocopy"));
    }

    @Override
    public String policyAxis() {
        return "policy";
    }

    @Override
    public String referenceResource() {
        return "/org/hcasim/dist/experiment/toy-queue.csv";
    }

    @Override
    public List<ReferenceColumn> columns() {
        return List.of(ReferenceColumn.axis("bs"),
                ReferenceColumn.metric("copy_kiops", "kiops", "policy", "copy"),
                ReferenceColumn.metric("copy_cpu_pct", "cpu_pct", "policy", "copy"),
                ReferenceColumn.metric("zerocopy_kiops", "kiops", "policy", "zerocopy"),
                ReferenceColumn.metric("zerocopy_cpu_pct", "cpu_pct", "policy", "zerocopy"));
    }

    @Override
    public PointResult run(Point point, ExperimentContext context) {
        int bs = point.getInt("bs");
        double cpuNsPerIo = IO_NS + (point.get("policy").equals("copy") ? bs / COPY_BYTES_PER_NS : 0);
        double linkNsPerIo = bs / LINK_BYTES_PER_NS;
        double iopsPerNs = Math.min(CORES / cpuNsPerIo, 1 / linkNsPerIo);
        long cpuBusy = Math.round(iopsPerNs * cpuNsPerIo * MEASURED_NS);
        long linkBusy = Math.round(iopsPerNs * linkNsPerIo * MEASURED_NS);
        RunReport report = new RunReport(MEASURED_NS, List.of(
                ResourceUsage.of("host/cores", "cpu", CORES, cpuBusy, MEASURED_NS),
                ResourceUsage.of("host/link.tx", "link", 1, linkBusy, MEASURED_NS)));
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("kiops", iopsPerNs * 1e9 / 1000);
        metrics.put("cpu_pct", 100.0 * cpuBusy / (CORES * (double) MEASURED_NS));
        return PointResult.of(metrics, report);
    }
}
