package org.hcasim.dist.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.dist.CliRun.hcasim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.hcasim.dist.CliRun;
import org.hcasim.dist.cli.HcasimCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hcasim sweep}: a fio job over fio options and configuration keys, its outputs, determinism and shards. */
class SweepCommandTest {
    @TempDir
    Path dir;

    private Path job() throws Exception {
        Path job = dir.resolve("rr.fio");
        Files.writeString(job, "[global]\nioengine=nvmeof\nrw=randread\niodepth=8\ntime_based\nruntime=1ms\nramp_time=200us\n[rr]\n");
        return job;
    }

    private List<String> args(String... more) throws Exception {
        List<String> a = new ArrayList<>(List.of("sweep", job().toString(), "--axis", "bs=4k,64k", "--axis", "hca.umr.inline-max-bytes=0,64"));
        a.addAll(List.of(more));
        return a;
    }

    @Test
    void writesTheTableCsvJsonPlotsAndHtml() throws Exception {
        Path out = dir.resolve("out");
        CliRun r = hcasim(args("--out", out.toString(), "--metric", "kiops,cpu_pct.initiator").toArray(String[]::new));
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("kiops", "bottleneck");
        assertThat(Files.readAllLines(out.resolve("rr.csv"))).hasSize(6)
                .element(1).isEqualTo("bs,hca.umr.inline-max-bytes,kiops,cpu_pct.initiator");
        JsonNode json = new ObjectMapper().readTree(out.resolve("rr.json").toFile());
        assertThat(json.get("points")).hasSize(4);
        for (JsonNode p : json.get("points")) assertThat(p.get("metrics").get("kiops").asDouble()).isPositive();
        for (String metric : List.of("kiops", "cpu_pct.initiator")) {
            assertThat(ImageIO.read(out.resolve("rr-" + metric + ".png").toFile())).as(metric).isNotNull();
            assertThat(out.resolve("rr-" + metric + ".svg")).isNotEmptyFile();
        }
        assertThat(Files.readString(out.resolve("index.html"))).contains("<img src=\"rr-kiops.svg\"");
    }

    @Test
    void theOutputDoesNotDependOnParallelismAndShardsPartitionTheGrid() throws Exception {
        CliRun one = hcasim(args("--format", "csv", "--jobs", "1").toArray(String[]::new));
        CliRun two = hcasim(args("--format", "csv", "--jobs", "2").toArray(String[]::new));
        assertThat(one.exit()).as(one.err()).isZero();
        assertThat(two.out()).isEqualTo(one.out());
        List<String> rows = one.out().lines().skip(2).toList();
        List<String> sharded = new ArrayList<>();
        for (String shard : List.of("1/2", "2/2")) {
            CliRun s = hcasim(args("--format", "csv", "--jobs", "1", "--shard", shard).toArray(String[]::new));
            assertThat(s.exit()).as(s.err()).isZero();
            sharded.addAll(s.out().lines().skip(2).toList());
        }
        assertThat(sharded).containsExactlyInAnyOrderElementsOf(rows).hasSize(4);
    }

    @Test
    void aBadFioValueOnAnAxisIsOneLineBeforeAnythingRuns() throws Exception {
        CliRun r = hcasim("sweep", job().toString(), "--axis", "bs=4k,banana");
        assertThat(r.exit()).isEqualTo(HcasimCommand.USER_ERROR);
        assertThat(r.err().lines().toList()).singleElement().satisfies(l -> assertThat(l).startsWith("hcasim sweep: ").contains("banana"));
    }
}
