package org.hcasim.dist.experiment.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.hcasim.core.config.UserException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ReferenceTableTest {

    @Test
    void commentLinesAreKeptApartFromHeaderAndTypedCells() {
        ReferenceTable t = ReferenceTable.parse("t.csv", """
                # setup line one
                a,b,c
                # a comment between rows
                x,1302.8,

                y,-5,1e3
                """);

        assertThat(t.comments()).containsExactly("setup line one", "a comment between rows");
        assertThat(t.columns()).containsExactly("a", "b", "c");
        assertThat(t.rows()).hasSize(2);
        assertThat(t.cell(0, "a").isNumber()).isFalse();
        assertThat(t.number(0, "b")).contains(1302.8);
        assertThat(t.cell(0, "b").decimals()).isEqualTo(1);
        assertThat(t.cell(0, "c").isEmpty()).isTrue();
        assertThat(t.number(0, "c")).isEmpty();
        assertThat(t.number(1, "b")).contains(-5.0);
        assertThat(t.number(1, "c")).contains(1000.0);
    }

    @Test
    void textThatJavaWouldParseAsANumberIsStillText() {
        for (String s : List.of("NaN", "Infinity", "0x10", "1d", "2f", "connectx5")) {
            assertThat(new Cell(s).isNumber()).as(s).isFalse();
        }
    }

    @Test
    void writtenTableReadsBackEqual() {
        ReferenceTable t = ReferenceTable.parse("t.csv", "# c\nbs,kiops\n512,1302.8\n4096,\n");
        assertThat(ReferenceTable.parse("again", t.toCsv())).isEqualTo(new ReferenceTable("again", t.comments(), t.columns(), t.rows()));
    }

    @Test
    void errorsNameTheSourceAndLine() {
        assertThatThrownBy(() -> ReferenceTable.parse("t.csv", "# c\na,b\n1,2\n3\n"))
                .isInstanceOf(UserException.class).hasMessage("t.csv:4: 1 cells, but the header has 2 columns (a,b)");
        assertThatThrownBy(() -> ReferenceTable.parse("t.csv", "a,b\n\"1,2\",3\n"))
                .isInstanceOf(UserException.class).hasMessageStartingWith("t.csv:2: quoted cells are not supported");
        assertThatThrownBy(() -> ReferenceTable.parse("t.csv", "# only\n"))
                .isInstanceOf(UserException.class).hasMessage("t.csv: no header row (only comments or nothing)");
        assertThatThrownBy(() -> ReferenceTable.parse("t.csv", "a,a\n"))
                .isInstanceOf(UserException.class).hasMessageStartingWith("t.csv:1: repeated column name");
    }

    /** The project's reference tables, copied into the resources of the modules that own each experiment. */
    @ParameterizedTest
    @ValueSource(strings = {"/org/hcasim/ulp/nvmeof/reference/inline-umr.csv", "/org/hcasim/ulp/nvmeof/reference/srq-per-vector.csv",
        "/org/hcasim/ulp/iser/reference/pi-mtt-klm.csv", "/org/hcasim/ulp/rds/reference/rds-dim.csv",
        "/org/hcasim/dist/reference/mr-cache.csv"})
    void everyProjectReferenceTableReadsWithItsCommentsAndNumbers(String resource) {
        ReferenceTable t = ReferenceTable.resource(ReferenceTableTest.class, resource);

        assertThat(t.comments()).isNotEmpty();
        assertThat(t.rows()).isNotEmpty();
        int numeric = 0;
        for (List<Cell> row : t.rows()) {
            numeric += (int) row.stream().filter(Cell::isNumber).count();
        }
        assertThat(numeric).as("numeric cells").isGreaterThanOrEqualTo(t.rows().size() * 2);
        assertThat(ReferenceTable.parse(resource, t.toCsv()).rows()).isEqualTo(t.rows());
    }
}
