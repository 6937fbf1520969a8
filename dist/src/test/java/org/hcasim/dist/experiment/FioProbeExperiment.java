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
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.WorkloadOutcome;

/**
 * A test experiment over the real path: a short fio job over NVMe-oF on the built-in block testbed,
 * queue depth 1 against 8, as a plugin's experiment would run it.
 */
public final class FioProbeExperiment implements ExperimentDefinition {
    @Override
    public String name() {
        return "fio-probe";
    }

    @Override
    public String description() {
        return "Short NVMe-oF randread on the built-in testbed: queue depth 1 vs 8";
    }

    @Override
    public List<Axis> axes() {
        return List.of(Axis.of("bs", "4096"), Axis.of("qd", "1", "8"));
    }

    @Override
    public String policyAxis() {
        return "qd";
    }

    @Override
    public String referenceResource() {
        return "/org/hcasim/dist/experiment/fio-probe.csv";
    }

    @Override
    public List<ReferenceColumn> columns() {
        return List.of(ReferenceColumn.axis("bs"),
                ReferenceColumn.metric("qd1_kiops", "kiops", "qd", "1"), ReferenceColumn.metric("qd1_cpu_pct", "cpu_pct", "qd", "1"),
                ReferenceColumn.metric("qd8_kiops", "kiops", "qd", "8"), ReferenceColumn.metric("qd8_cpu_pct", "cpu_pct", "qd", "8"));
    }

    @Override
    public PointResult run(Point point, ExperimentContext context) {
        String job = String.join("\n", "[global]", "ioengine=nvmeof", "direct=1", "rw=randread", "bs=" + point.get("bs"),
                "iodepth=" + point.get("qd"), "runtime=300us", "time_based", "", "[probe]", "");
        WorkloadOutcome o = context.runFio(new TestbedSpec("fio-probe testbed", "testbed.ulps = nvmeof\n", Map.of()), job);
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("kiops", o.metric("kiops"));
        m.put("cpu_pct", o.metric("cpu_pct.initiator"));
        return PointResult.of(m, o.report());
    }
}
