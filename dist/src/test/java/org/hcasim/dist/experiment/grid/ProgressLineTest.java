package org.hcasim.dist.experiment.grid;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProgressLineTest {
    private static final long S = 1_000_000_000L;

    @Test
    void fillsTheBarByTheShareDoneAndProjectsTheRestAtThePaceSoFar() {
        assertThat(ProgressLine.render("rds-dim", 0.25, "15/60 points", 90 * S))
                .isEqualTo("rds-dim [#######-----------------------] 15/60 points, 1:30 elapsed, ETA 4:30");
    }

    @Test
    void noEtaBeforeAnythingIsDoneOrOnceAllIs() {
        assertThat(ProgressLine.render("x", 0, "0/3 points", 5 * S)).isEqualTo("x [------------------------------] 0/3 points, 0:05 elapsed");
        assertThat(ProgressLine.render("x", 1, "3/3 points", 5 * S)).isEqualTo("x [##############################] 3/3 points, 0:05 elapsed");
    }

    @Test
    void hoursGetTheirOwnFieldAndOutOfRangeSharesAreClamped() {
        assertThat(ProgressLine.render("x", 0.5, "50%", 3725 * S)).endsWith("1:02:05 elapsed, ETA 1:02:05");
        assertThat(ProgressLine.render("x", 1.7, "?", 0)).startsWith("x [" + "#".repeat(30) + "]");
        assertThat(ProgressLine.render("x", -1, "?", 0)).startsWith("x [" + "-".repeat(30) + "]");
    }
}
