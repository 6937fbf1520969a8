package org.hcasim.dist.experiment.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.hcasim.dist.experiment.ToyQueueExperiment;
import org.hcasim.spi.Axis;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;
import org.hcasim.spi.ReferenceColumn;
import org.junit.jupiter.api.Test;

class SweepTest {

    /** The toy queue experiment, except that one block size fails with {@code failure} instead of running. */
    static final class FailingAt implements ExperimentDefinition {
        private final ToyQueueExperiment toy = new ToyQueueExperiment();
        private final String bs;
        private final Throwable failure;

        FailingAt(String bs, Throwable failure) {
            this.bs = bs;
            this.failure = failure;
        }

        public String name() { return "toy-failing"; }
        public String description() { return "toy queue failing at bs=" + bs; }
        public List<Axis> axes() { return List.of(Axis.of("bs", "512", "4096", "65536"), Axis.of("policy", "copy", "zerocopy")); }
        public String policyAxis() { return toy.policyAxis(); }
        public String referenceResource() { return toy.referenceResource(); }
        public List<ReferenceColumn> columns() { return toy.columns(); }

        @Override
        public PointResult run(Point point, ExperimentContext context) {
            if (point.get("bs").equals(bs)) {
                FailingAt.<RuntimeException>sneakyThrow(failure);
            }
            return toy.run(point, context);
        }

        @SuppressWarnings("unchecked")
        private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
            throw (T) t;
        }
    }

    private static List<PointRun> sweep(ExperimentDefinition experiment, int jobs) {
        return new Sweep(jobs, (point, seed) -> null, SweepProgress.NONE).run(ExperimentGrid.of(experiment));
    }

    @Test
    void an_error_in_one_point_fails_only_that_point_and_names_its_reason() {
        List<PointRun> runs = sweep(new FailingAt("4096", new AssertionError("credits went negative")), 2);

        assertThat(runs).hasSize(6);
        assertThat(runs).filteredOn(r -> r.point().get("bs").equals("4096")).hasSize(2).allSatisfy(r -> {
            assertThat(r.result()).isEmpty();
            assertThat(r.failure()).hasValue("internal error: java.lang.AssertionError: credits went negative");
        });
        assertThat(runs).filteredOn(r -> !r.point().get("bs").equals("4096")).hasSize(4)
                .allSatisfy(r -> assertThat(r.result()).isPresent());
    }

    @Test
    void a_class_that_fails_to_initialise_fails_the_point_naming_the_cause() {
        List<PointRun> runs = sweep(new FailingAt("512",
                new ExceptionInInitializerError(new IllegalStateException("no profile"))), 1);

        assertThat(runs.get(0).failure()).hasValueSatisfying(why -> assertThat(why)
                .contains("ExceptionInInitializerError").contains("no profile").doesNotContain("\n"));
        assertThat(runs).filteredOn(r -> r.result().isPresent()).hasSize(4);
    }

    @Test
    void running_out_of_memory_stops_the_sweep() {
        assertThatThrownBy(() -> sweep(new FailingAt("512", new OutOfMemoryError("Java heap space")), 1))
                .hasRootCauseInstanceOf(OutOfMemoryError.class);
    }

    @Test
    void grids_run_on_one_pool_give_each_grid_its_own_runs_in_order_with_its_own_contexts() {
        ExperimentGrid failing = ExperimentGrid.of(new FailingAt("65536", new IllegalArgumentException("too big")));
        ExperimentGrid toy = ExperimentGrid.of(new ToyQueueExperiment());
        java.util.Set<String> contextsAsked = java.util.concurrent.ConcurrentHashMap.newKeySet();

        List<List<PointRun>> both = new Sweep(2, grid -> (point, seed) -> {
            contextsAsked.add(grid.experiment().name());
            return null;
        }, SweepProgress.NONE).runAll(List.of(failing, toy));

        assertThat(both).hasSize(2);
        assertThat(both.get(0)).extracting(PointRun::point).containsExactlyElementsOf(failing.points());
        assertThat(both.get(1)).extracting(PointRun::point).containsExactlyElementsOf(toy.points());
        assertThat(summary(both.get(0))).isEqualTo(summary(sweep(new FailingAt("65536", new IllegalArgumentException("too big")), 1)));
        assertThat(summary(both.get(1))).isEqualTo(summary(sweep(new ToyQueueExperiment(), 1)));
        assertThat(both.get(0)).filteredOn(r -> r.failure().isPresent()).hasSize(2);
        assertThat(contextsAsked).containsExactlyInAnyOrder("toy-failing", toy.experiment().name());
    }

    /** What a run reports: point, seed, failure and metrics. */
    private static List<String> summary(List<PointRun> runs) {
        return runs.stream().map(r -> r.point() + " " + r.seed() + " " + r.failure() + " "
                + r.result().map(PointResult::metrics)).toList();
    }
}
