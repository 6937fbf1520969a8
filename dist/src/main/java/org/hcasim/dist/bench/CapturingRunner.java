package org.hcasim.dist.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.hcasim.core.sim.Simulation;
import org.hcasim.dist.experiment.run.BlockTestbedFactory;
import org.hcasim.dist.experiment.run.SimulationWorkloadRunner;
import org.hcasim.dist.experiment.run.TestbedFactory;
import org.hcasim.spi.TestbedSpec;

/**
 * The installed testbed factories (as {@link SimulationWorkloadRunner#installed()}), each remembering the
 * simulation it built, so that a benchmark can read how many events the run's loop executed.
 */
final class CapturingRunner {
    private Simulation last;

    SimulationWorkloadRunner runner() {
        List<TestbedFactory> all = new ArrayList<>();
        ServiceLoader.load(TestbedFactory.class, SimulationWorkloadRunner.class.getClassLoader()).forEach(all::add);
        all.add(new BlockTestbedFactory());
        List<TestbedFactory> remembering = new ArrayList<>();
        for (TestbedFactory f : all) {
            remembering.add(new TestbedFactory() {
                @Override
                public boolean accepts(TestbedSpec testbed) {
                    return f.accepts(testbed);
                }

                @Override
                public Built build(TestbedSpec testbed, List<String> workloadUlps, Map<String, String> overrides, long seed) {
                    Built b = f.build(testbed, workloadUlps, overrides, seed);
                    last = b.simulation();
                    return b;
                }
            });
        }
        return new SimulationWorkloadRunner(remembering);
    }

    /** Events the last built simulation's loop executed. */
    long events() {
        return last.loop().executed();
    }
}
