package org.hcasim.dist.experiment.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hcasim.dist.experiment.grid.ExperimentGrid;
import org.hcasim.dist.experiment.grid.PointRun;
import org.hcasim.dist.experiment.render.ComparisonCsv;
import org.hcasim.spi.Axis;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;
import org.hcasim.spi.ReferenceColumn;
import org.hcasim.spi.RunReport;
import org.junit.jupiter.api.Test;

/** A policy value the experiment allows beyond its reference's columns still shows its simulated cells. */
class UnreferencedPolicyCellsTest {

    /** Two measured policies (mtt, klm) and one allowed beyond the table (pa); kiops = 10 x bs for pa, else bs. */
    private static final class ThreePolicies implements ExperimentDefinition {
        public String name() { return "three-policies"; }
        public String description() { return "test"; }
        public List<Axis> axes() {
            return List.of(Axis.of("bs", "1", "2"), Axis.of("rw", "read"), Axis.of("mapping", List.of("klm", "mtt"), List.of("pa")));
        }
        public String policyAxis() { return "mapping"; }
        public String referenceResource() { return "unused"; }
        public List<ReferenceColumn> columns() {
            return List.of(ReferenceColumn.axis("bs"),
                    ReferenceColumn.metric("read_kiops_mtt", "kiops", Map.of("rw", "read", "mapping", "mtt")),
                    ReferenceColumn.metric("read_kiops_klm", "kiops", Map.of("rw", "read", "mapping", "klm")));
        }
        public PointResult run(Point point, ExperimentContext context) {
            double bs = point.getInt("bs");
            return PointResult.of(Map.of("kiops", point.get("mapping").equals("pa") ? 10 * bs : bs), RunReport.none());
        }
    }

    @Test
    void cells_of_an_unreferenced_policy_take_the_first_policy_s_columns_with_the_value_swapped_in() {
        ThreePolicies e = new ThreePolicies();
        ExperimentGrid grid = ExperimentGrid.of(e, Map.of("mapping", List.of("pa", "mtt")));
        ReferenceTable ref = ReferenceTable.parse("t.csv", "bs,read_kiops_mtt,read_kiops_klm\n1,1,1\n2,2,2\n");
        List<PointRun> runs = new ArrayList<>();
        for (Point p : grid.points()) {
            runs.add(PointRun.ok(p, 1, e.run(p, null)));
        }
        ExperimentOutcome o = ExperimentOutcome.of(grid, ref, runs);
        assertThat(o.cells()).extracting(CellComparison::header)
                .containsExactlyInAnyOrder("read_kiops_mtt", "read_kiops_mtt", "read_kiops_pa", "read_kiops_pa");
        CellComparison pa = o.cells().stream().filter(c -> c.header().equals("read_kiops_pa")).findFirst().orElseThrow();
        assertThat(pa.simulated()).contains(10.0);
        assertThat(pa.reference()).isEmpty();
        assertThat(o.comparisons()).hasSize(2).allSatisfy(c -> {
            assertThat(c.baseline()).isEqualTo("pa");
            assertThat(c.simulatedChangePct()).contains(-90.0);
            assertThat(c.comparable()).isFalse();
        });
        assertThat(ComparisonCsv.render(o)).startsWith("# ").contains("bs,read_kiops_mtt,read_kiops_klm")
                .doesNotContain("_pa");
        assertThat(o.summary().missingCells()).isEmpty();
    }
}
