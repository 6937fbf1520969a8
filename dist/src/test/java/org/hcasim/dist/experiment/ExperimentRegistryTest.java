package org.hcasim.dist.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.hcasim.core.config.UserException;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.ReferenceColumn;
import org.junit.jupiter.api.Test;

class ExperimentRegistryTest {

    /** The toy experiment with a column its reference file does not have. */
    static final ExperimentDefinition WRONG_COLUMNS = new ExperimentDefinition() {
        final ToyQueueExperiment toy = new ToyQueueExperiment();
        public String name() { return "wrong-columns"; }
        public String description() { return "declares a column the table lacks"; }
        public List<org.hcasim.spi.Axis> axes() { return toy.axes(); }
        public String policyAxis() { return "policy"; }
        public String referenceResource() { return toy.referenceResource(); }
        public List<ReferenceColumn> columns() {
            return List.of(ReferenceColumn.axis("bs"), ReferenceColumn.metric("copy_kiops", "kiops", "policy", "copy"),
                    ReferenceColumn.metric("zerocopy_kiops", "kiops", "policy", "zerocopy"));
        }
        public org.hcasim.spi.PointResult run(org.hcasim.spi.Point p, org.hcasim.spi.ExperimentContext c) { return toy.run(p, c); }
    };

    @Test
    void aBrokenDefinitionIsSetAsideWithItsReasonAndTheOthersStillRun() {
        ExperimentRegistry r = ExperimentRegistry.of(List.of(new ToyQueueExperiment(), WRONG_COLUMNS), List.of());

        assertThat(r.all()).extracting(ExperimentDefinition::name).containsExactly("toy-queue");
        assertThat(r.select("all")).extracting(ExperimentDefinition::name).containsExactly("toy-queue");
        assertThat(r.broken()).containsOnlyKeys("wrong-columns");
        assertThatThrownBy(() -> r.get("wrong-columns")).isInstanceOf(UserException.class)
                .hasMessageStartingWith("experiment wrong-columns (hcasim) cannot run, its definition is broken: ")
                .hasMessageContaining("toy-queue.csv has columns [bs, copy_kiops, copy_cpu_pct, zerocopy_kiops, zerocopy_cpu_pct]");
    }

    @Test
    void twoExperimentsWithOneNameAreABug() {
        assertThatThrownBy(() -> ExperimentRegistry.of(List.of(new ToyQueueExperiment(), new ToyQueueExperiment()), List.of()))
                .hasMessage("experiment toy-queue is defined by both hcasim and hcasim");
    }

    @Test
    void theDistributionsPluginsContributeTheirExperiments() {
        ExperimentRegistry r = ExperimentRegistry.installed();

        assertThat(r.broken()).as("broken plugin experiments").isEmpty();
        assertThat(r.all()).extracting(ExperimentDefinition::name).contains("toy-queue", "inline-umr");
        assertThat(r.origin("inline-umr")).isEqualTo("plugin nvmeof");
    }
}
