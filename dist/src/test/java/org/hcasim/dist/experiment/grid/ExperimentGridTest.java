package org.hcasim.dist.experiment.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.hcasim.core.config.UserException;
import org.hcasim.spi.Axis;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;
import org.hcasim.spi.ReferenceColumn;
import org.junit.jupiter.api.Test;

class ExperimentGridTest {

    /** Like rds-dim: qps x threads with qps * threads <= 128. */
    static final ExperimentDefinition LIMITED = new ExperimentDefinition() {
        public String name() { return "limited"; }
        public String description() { return "grid with a constraint"; }
        public List<Axis> axes() {
            return List.of(Axis.of("qps", "8", "64", "128"), Axis.of("threads", "1", "2"), Axis.of("mode", "base", "dim"));
        }
        public String policyAxis() { return "mode"; }
        public String referenceResource() { return "/none.csv"; }
        public List<ReferenceColumn> columns() {
            return List.of(ReferenceColumn.axis("qps"), ReferenceColumn.axis("threads"),
                    ReferenceColumn.metric("base_iops", "iops", "mode", "base"), ReferenceColumn.metric("dim_iops", "iops", "mode", "dim"));
        }
        public boolean admits(Point p) { return p.getInt("qps") * p.getInt("threads") <= 128; }
        public PointResult run(Point point, ExperimentContext context) { throw new UnsupportedOperationException(); }
    };

    @Test
    void crossProductInAxisOrderFirstAxisOutermostFilteredByAdmits() {
        List<String> points = ExperimentGrid.of(LIMITED).points().stream().map(Point::toString).toList();

        assertThat(points).containsExactly(
                "qps=8 threads=1 mode=base", "qps=8 threads=1 mode=dim", "qps=8 threads=2 mode=base", "qps=8 threads=2 mode=dim",
                "qps=64 threads=1 mode=base", "qps=64 threads=1 mode=dim", "qps=64 threads=2 mode=base", "qps=64 threads=2 mode=dim",
                "qps=128 threads=1 mode=base", "qps=128 threads=1 mode=dim");
    }

    @Test
    void axisOptionReplacesValuesInTheGivenOrder() {
        ExperimentGrid g = ExperimentGrid.of(LIMITED, ExperimentGrid.parseAxisOptions(List.of("qps=64,8", "mode=dim")));

        assertThat(g.points().stream().map(Point::toString)).containsExactly(
                "qps=64 threads=1 mode=dim", "qps=64 threads=2 mode=dim", "qps=8 threads=1 mode=dim", "qps=8 threads=2 mode=dim");
    }

    @Test
    void badAxisSelectionsAreUserErrorsListingWhatIsValid() {
        assertThatThrownBy(() -> ExperimentGrid.parseAxisOptions(List.of("qps=8", "qps=64")))
                .isInstanceOf(UserException.class).hasMessage("--axis qps is given twice; list all values in one option");
        assertThatThrownBy(() -> ExperimentGrid.parseAxisOptions(List.of("qps=8,,64")))
                .isInstanceOf(UserException.class).hasMessage("--axis qps=8,,64: empty value in the list");
        assertThatThrownBy(() -> ExperimentGrid.of(LIMITED, Map.of("qps", List.of("8", "8"))))
                .isInstanceOf(UserException.class).hasMessage("experiment limited: axis qps needs distinct values, got '8,8'");
        assertThatThrownBy(() -> ExperimentGrid.of(LIMITED, Map.of("qps", List.of("128"), "threads", List.of("2"))))
                .isInstanceOf(UserException.class).hasMessage("experiment limited: the chosen axis values leave no point to run");
    }

    @Test
    void seedsDependOnlyOnExperimentAndPoint() {
        Point p = ExperimentGrid.of(LIMITED).points().get(3);
        Point same = new Point(Map.of("mode", "dim", "threads", "2", "qps", "8"));

        assertThat(PointSeed.of("limited", p)).isEqualTo(PointSeed.of("limited", ExperimentGrid.of(LIMITED).pointOf(same.coordinates())));
        assertThat(PointSeed.of("limited", p)).isNotEqualTo(PointSeed.of("other", p));
        assertThat(ExperimentGrid.of(LIMITED).points().stream().map(x -> PointSeed.of("limited", x)).distinct()).hasSize(10);
    }
}
