package org.hcasim.dist.bench;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hcasim.dist.cli.support.Installation;
import org.hcasim.spi.CustomWorkload;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.ToolContext;
import org.hcasim.spi.UlpTool;
import org.hcasim.spi.WorkloadOutcome;

/**
 * A plugin's tool run as its command line runs it ({@code hcasim rds-stress ...}), output discarded; the work is
 * {@code rateMetric} (per simulated second) times {@code seconds}.
 */
record ToolBenchRun(String name, String payload, String ulp, String tool, List<String> args, String rateMetric, long seconds)
        implements BenchRun {

    @Override
    public Work execute() {
        UlpTool t = Installation.current().ulps().providers().stream().filter(p -> p.name().equals(ulp))
                .flatMap(p -> p.tools().stream()).filter(x -> x.name().equals(tool)).findFirst()
                .orElseThrow(() -> new IllegalStateException("bench runs need the " + ulp + " plugin's " + tool + ", which is not installed"));
        CapturingRunner capture = new CapturingRunner();
        WorkloadOutcome[] outcome = new WorkloadOutcome[1];
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream());
        int exit = t.run(args, new ToolContext() {
            @Override
            public PrintStream out() {
                return discard;
            }

            @Override
            public PrintStream err() {
                return discard;
            }

            @Override
            public WorkloadOutcome runCustom(TestbedSpec testbed, CustomWorkload workload) {
                outcome[0] = capture.runner().runCustom(testbed, workload, Map.of(), 1, Optional.empty());
                return outcome[0];
            }
        });
        if (exit != 0 || outcome[0] == null) throw new IllegalStateException("bench run " + name + ": " + tool + " " + args + " failed");
        return new Work(Math.round(outcome[0].metric(rateMetric) * seconds), outcome[0].report().simulatedNs(), capture.events());
    }
}
