package org.hcasim.dist.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.hcasim.dist.experiment.compare.ExperimentOutcome;
import org.hcasim.dist.experiment.compare.PolicyComparison;
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

/**
 * A table whose policy is a row axis rather than a column pair, like {@code srq-per-vector.csv}
 * ({@code rw,bs,case,kiops,target_cpu_pct}): comparisons still run from the first case to each other.
 */
class PolicyInRowsTest {

    /** Closed form with the right shape only: single_srq halves IOPS, per_qp_rq adds 10 %. */
    static final ExperimentDefinition SRQ_SHAPED = new ExperimentDefinition() {
        public String name() { return "srq-shaped"; }
        public String description() { return "policy as a row axis"; }
        public List<Axis> axes() {
            return List.of(Axis.of("rw", "read", "write"), Axis.of("bs", "1024"),
                    Axis.of("case", "srq_per_vector_1024", "srq_per_vector_256", "per_qp_rq", "single_srq"));
        }
        public String policyAxis() { return "case"; }
        public String referenceResource() { return "/org/hcasim/ulp/nvmeof/reference/srq-per-vector.csv"; }
        public List<ReferenceColumn> columns() {
            return List.of(ReferenceColumn.axis("rw"), ReferenceColumn.axis("bs"), ReferenceColumn.axis("case"),
                    ReferenceColumn.metric("kiops", "kiops"), ReferenceColumn.metric("target_cpu_pct", "target_cpu_pct"));
        }
        public PointResult run(Point p, ExperimentContext c) {
            double kiops = switch (p.get("case")) {
                case "single_srq" -> 2500;
                case "per_qp_rq" -> 6000;
                default -> 5500;
            };
            return PointResult.of(Map.of("kiops", kiops, "target_cpu_pct", 70.0), RunReport.none());
        }
    };

    @Test
    void comparisonsRunFromTheFirstCaseToEachOtherWithinEachRowContext() {
        ExperimentGrid grid = ExperimentGrid.of(SRQ_SHAPED);
        List<PointRun> runs = grid.points().stream().map(p -> PointRun.ok(p, 0, SRQ_SHAPED.run(p, null))).toList();

        ExperimentOutcome o = ExperimentOutcome.of(grid, ExperimentRegistry.reference(SRQ_SHAPED), runs);

        assertThat(o.cells()).hasSize(16).allSatisfy(c -> assertThat(c.reference()).isPresent());
        assertThat(o.comparisons()).hasSize(12)
                .allSatisfy(c -> assertThat(c.baseline()).isEqualTo("srq_per_vector_1024"));
        // kiops: 256 entries (-7 %) and single_srq (-63 %) fall, per_qp_rq (+15 %) rises: the toy gets 256 wrong
        var kiopsRead = o.comparisons().stream().filter(c -> c.metric().equals("kiops") && c.context().get("rw").equals("read")).toList();
        assertThat(kiopsRead).extracting(PolicyComparison::policy).containsExactly("srq_per_vector_256", "per_qp_rq", "single_srq");
        assertThat(kiopsRead).extracting(PolicyComparison::signAgrees).containsExactly(false, true, true);
        assertThat(ComparisonCsv.table(o).rows()).hasSize(8);
        assertThat(ComparisonCsv.table(o).columns()).containsExactly("rw", "bs", "case", "kiops", "target_cpu_pct");
    }
}
