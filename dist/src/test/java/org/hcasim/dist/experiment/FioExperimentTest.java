package org.hcasim.dist.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.hcasim.dist.CliRun;
import org.junit.jupiter.api.Test;

/** Experiments reach fio over a real ULP through the context: metrics, host CPU and run report. */
class FioExperimentTest {

    @Test
    void fioPointsReportIopsHostCpuAndTheEnginesResources() throws Exception {
        var r = CliRun.hcasim("reproduce", "fio-probe", "--format", "json", "--jobs", "1");

        assertThat(r.exit()).as(r.err() + r.out()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        JsonNode qd1 = json.at("/points/0");
        JsonNode qd8 = json.at("/points/1");
        assertThat(qd1.at("/metrics/kiops").asDouble()).isPositive();
        assertThat(qd8.at("/metrics/kiops").asDouble()).isGreaterThan(qd1.at("/metrics/kiops").asDouble());
        assertThat(qd1.at("/metrics/cpu_pct").asDouble()).isBetween(0.0, 100.0).isPositive();
        assertThat(qd1.at("/report/resources").findValuesAsText("name")).contains("initiator/cpus", "target/cpus");
        assertThat(qd1.at("/report/resources").findValuesAsText("kind")).contains("cpu", "pcie", "hca-engine");
        assertThat(json.at("/summary/signs_agree").asInt()).isEqualTo(2);
    }
}
