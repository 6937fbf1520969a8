package org.hcasim.dist.experiment.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.hcasim.dist.experiment.grid.ExperimentGrid;
import org.hcasim.spi.Axis;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;
import org.hcasim.spi.ReferenceColumn;
import org.junit.jupiter.api.Test;

/** A definition's columns must map every reference cell to exactly one point and metric. */
class ReferenceLayoutTest {

    static ExperimentDefinition withColumns(List<ReferenceColumn> columns) {
        return new ExperimentDefinition() {
            public String name() { return "pi"; }
            public String description() { return "two fixed axes per column, like pi-mtt-klm"; }
            public List<Axis> axes() { return List.of(Axis.of("bs", "512", "32768"), Axis.of("rw", "read", "write"), Axis.of("mkey", "mtt", "klm")); }
            public String policyAxis() { return "mkey"; }
            public String referenceResource() { return "/none.csv"; }
            public List<ReferenceColumn> columns() { return columns; }
            public PointResult run(Point point, ExperimentContext context) { throw new UnsupportedOperationException(); }
        };
    }

    static final List<ReferenceColumn> PI_COLUMNS = List.of(ReferenceColumn.axis("bs"),
            ReferenceColumn.metric("read_kiops_mtt", "kiops", Map.of("rw", "read", "mkey", "mtt")),
            ReferenceColumn.metric("read_kiops_klm", "kiops", Map.of("rw", "read", "mkey", "klm")),
            ReferenceColumn.metric("write_kiops_mtt", "kiops", Map.of("rw", "write", "mkey", "mtt")),
            ReferenceColumn.metric("write_kiops_klm", "kiops", Map.of("rw", "write", "mkey", "klm")));

    @Test
    void cellsMapToPointsThroughKeyColumnsAndFixedAxes() {
        ExperimentDefinition e = withColumns(PI_COLUMNS);
        var table = ReferenceTable.parse("pi.csv", "bs,read_kiops_mtt,read_kiops_klm,write_kiops_mtt,write_kiops_klm\n32768,72.086,72.388,96.164,\n");

        var cells = new ReferenceLayout(e).cells(ExperimentGrid.of(e), table);

        assertThat(cells).hasSize(3);
        Point p = new Point(Map.of("bs", "32768", "rw", "write", "mkey", "mtt"));
        assertThat(cells.get(new ReferenceLayout.CellKey(p, "kiops")).number()).contains(96.164);
    }

    @Test
    void aColumnThatLeavesAnAxisOpenIsRejectedNamingIt() {
        var columns = List.of(ReferenceColumn.axis("bs"), ReferenceColumn.metric("kiops_mtt", "kiops", "mkey", "mtt"));

        assertThatThrownBy(() -> new ReferenceLayout(withColumns(columns)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("experiment pi: column kiops_mtt does not determine a point");
    }

    @Test
    void fixingAnUnknownValueOrAPolicyAxisThatIsNoAxisIsRejected() {
        var badValue = List.of(ReferenceColumn.axis("bs"), ReferenceColumn.metric("x", "kiops", Map.of("rw", "read", "mkey", "umr")));
        assertThatThrownBy(() -> new ReferenceLayout(withColumns(badValue))).hasMessageContaining("fixes mkey=umr, which is not an axis value");
    }

    @Test
    void headerMustEqualTheDeclaredColumns() {
        ExperimentDefinition e = withColumns(PI_COLUMNS);
        var table = ReferenceTable.parse("pi.csv", "bs,read_kiops_mtt\n512,1\n");

        assertThatThrownBy(() -> new ReferenceLayout(e).checkHeader(table)).hasMessageContaining("pi.csv has columns [bs, read_kiops_mtt]");
    }

    @Test
    void aTextCellInAMetricColumnIsAnErrorNamingColumnAndRow() {
        ExperimentDefinition e = withColumns(PI_COLUMNS);
        var table = ReferenceTable.parse("pi.csv", "bs,read_kiops_mtt,read_kiops_klm,write_kiops_mtt,write_kiops_klm\n512,fast,1,1,1\n");

        assertThatThrownBy(() -> new ReferenceLayout(e).cells(ExperimentGrid.of(e), table))
                .hasMessage("pi.csv: column read_kiops_mtt holds 'fast', not a number (row bs=512)");
    }
}
