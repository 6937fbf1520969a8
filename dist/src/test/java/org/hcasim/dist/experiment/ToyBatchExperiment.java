package org.hcasim.dist.experiment;

import java.util.List;
import java.util.Map;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.hcasim.spi.Axis;
import org.hcasim.spi.CustomWorkload;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;
import org.hcasim.spi.ReferenceColumn;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.WorkloadOutcome;

/**
 * A test experiment that simulates, engine-free as a plugin's would be: through the context it builds a
 * one-host testbed ({@link ToyTestbedFactory}) and runs a custom workload on the host's cores. Each
 * core completes requests in tasks of {@code batch} requests: {@value #REQUEST_NS} ns each plus
 * {@value #TASK_NS} ns per task, so batching amortises the per-task cost.
 */
public final class ToyBatchExperiment implements ExperimentDefinition {
    static final long REQUEST_NS = 1_000;
    static final long TASK_NS = 500;
    static final long WARMUP_NS = 20_000;
    static final long MEASURED_NS = 2_000_000;

    @Override
    public String name() {
        return "toy-batch";
    }

    @Override
    public String description() {
        return "Simulated toy: one request per task vs batches of 8, by core count";
    }

    @Override
    public List<Axis> axes() {
        return List.of(Axis.of("cores", "1", "2", "4"), Axis.of("policy", "single", "batched"));
    }

    @Override
    public String policyAxis() {
        return "policy";
    }

    @Override
    public String referenceResource() {
        return "/org/hcasim/dist/experiment/toy-batch.csv";
    }

    @Override
    public List<ReferenceColumn> columns() {
        return List.of(ReferenceColumn.axis("cores"),
                ReferenceColumn.metric("single_kiops", "kiops", "policy", "single"),
                ReferenceColumn.metric("batched_kiops", "kiops", "policy", "batched"));
    }

    @Override
    public PointResult run(Point point, ExperimentContext context) {
        TestbedSpec testbed = new TestbedSpec("toy-batch testbed", "host.cores = 1\n", Map.of()).with("host.cores", point.get("cores"));
        int batch = point.get("policy").equals("batched") ? 8 : 1;
        CustomWorkload workload = tb -> {
            Host host = tb.host("host");
            long[] done = {0};
            for (int core = 0; core < host.coreCount(); core++) {
                serve(host, core, batch, done);
            }
            tb.runUntil(WARMUP_NS);
            tb.startMeasuring();
            long before = done[0];
            tb.runUntil(WARMUP_NS + MEASURED_NS);
            return Map.of("kiops", (done[0] - before) * 1e6 / MEASURED_NS);
        };
        WorkloadOutcome outcome = context.runCustom(testbed, workload);
        return PointResult.of(outcome.metrics(), outcome.report());
    }

    private static void serve(Host host, int core, int batch, long[] done) {
        host.run(core, Priority.THREAD, "batch of " + batch, () -> {
            host.charge(TASK_NS + batch * REQUEST_NS);
            done[0] += batch;
            serve(host, core, batch, done);
        });
    }
}
