package org.hcasim.dist.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.hcasim.dist.CliRun.hcasim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.hcasim.dist.CliRun;
import org.hcasim.dist.cli.HcasimCommand;
import org.hcasim.dist.experiment.compare.ReferenceLayout;
import org.hcasim.dist.experiment.compare.ReferenceTable;
import org.hcasim.dist.experiment.grid.ExperimentGrid;
import org.hcasim.dist.report.Numbers;
import org.hcasim.spi.Point;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hcasim reproduce} end to end on the closed-form toy experiment (test resources). */
class ReproduceCommandTest {
    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    void textPutsEachSimulatedCellBesideItsReferenceWithTheError() {
        CliRun r = hcasim("reproduce", "toy-queue");

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("toy-queue: Closed-form toy", "# copy = the sender copies each block")
                .containsPattern("bs\\s+column\\s+simulated\\s+reference\\s+error")
                // 1879.7 simulated against 1500 measured: +25.3 %; the reference's one decimal is kept
                .containsPattern("512\\s+copy_kiops\\s+1880\\s+1500\\s+\\+25\\.3%")
                // a CPU percentage is judged in points: 87.7 % against 82 % is +5.7 pt, not +6.9 %
                .containsPattern("65536\\s+copy_cpu_pct\\s+87\\.7\\s+82\\s+\\+5\\.7 pt")
                .containsPattern("65536\\s+zerocopy_cpu_pct\\s+9\\.54\\s+9\\.5\\s+\\+0\\.0 pt");
    }

    @Test
    void summaryGivesMeanAndMaxErrorAndChecksEveryPolicySign() {
        CliRun r = hcasim("reproduce", "toy-queue");

        assertThat(r.out()).contains("summary: 12 cells compared\n",
                        "relative error (6 non-percentage cells): mean |error| 9.6%, max |error| 32.3% (bs=4096 copy_kiops)",
                        "point error (6 percentage cells): mean |error| 1.4 pt, max |error| 5.7 pt (bs=65536 copy_cpu_pct)")
                .contains("policy comparisons (policy, change from copy")
                .containsPattern("bs=512\\s+kiops\\s+copy -> zerocopy\\s+\\+33\\.3% \\(\\+\\)\\s+\\+6\\.4% \\(\\+\\)\\s+ok")
                // the reference's CPU falls 3 % at 4 KiB, the toy's stays at 100 %: reported, not hidden
                .contains("policy signs: 5 of 6 agree with the reference")
                .contains("SIGN MISS: bs=4096 cpu_pct copy -> zerocopy: reference -3.0% (-), simulated +0.0% (=)")
                .contains("bs=512 policy=copy: bottleneck: host/cores (cpu, 100.0% busy)")
                .contains("bs=65536 policy=zerocopy: bottleneck: host/link.tx (link, 100.0% busy)");
    }

    @Test
    void csvHasExactlyTheReferenceColumnsAndReadsBackAsThePoints() {
        CliRun r = hcasim("reproduce", "toy-queue", "--format", "csv", "--axis", "bs=512,1024,65536");
        assertThat(r.exit()).as(r.err()).isZero();

        ReferenceTable table = ReferenceTable.parse("stdout", r.out());
        ToyQueueExperiment toy = new ToyQueueExperiment();
        assertThat(table.columns()).isEqualTo(ExperimentRegistry.reference(toy).columns());
        assertThat(table.rows()).hasSize(3); // 1024 has no reference row: simulated alone

        ExperimentGrid grid = ExperimentGrid.of(toy, Map.of("bs", List.of("512", "1024", "65536")));
        var reread = new ReferenceLayout(toy).cells(grid, table);
        List<Point> points = new ArrayList<>();
        for (Point p : grid.points()) {
            var result = toy.run(p, null);
            for (var metric : result.metrics().entrySet()) {
                assertThat(reread.get(new ReferenceLayout.CellKey(p, metric.getKey())).number())
                        .as(p + " " + metric.getKey()).contains(Numbers.csvRounded(metric.getValue()));
            }
            points.add(p);
        }
        assertThat(reread).hasSize(points.size() * 2);
    }

    @Test
    void theSameCommandTwiceGivesTheSameCsvWhateverTheThreadCount() {
        CliRun a = hcasim("reproduce", "toy-queue", "--format", "csv", "--jobs", "1");
        CliRun b = hcasim("reproduce", "toy-queue", "--format", "csv", "--jobs", "3");
        CliRun c = hcasim("reproduce", "toy-queue", "--format", "csv", "--jobs", "3");

        assertThat(a.out()).isNotEmpty().isEqualTo(b.out()).isEqualTo(c.out());
    }

    @Test
    void jsonCarriesCellsComparisonsSummaryAndRunReports() throws Exception {
        CliRun r = hcasim("reproduce", "toy-queue", "--format", "json");
        JsonNode json = new ObjectMapper().readTree(r.out());

        assertThat(json.get("experiment").asText()).isEqualTo("toy-queue");
        assertThat(json.get("cells")).hasSize(12);
        assertThat(json.at("/cells/0/simulated").asDouble()).isEqualTo(1879.7);
        assertThat(json.at("/cells/0/reference").asDouble()).isEqualTo(1500.0);
        assertThat(json.at("/summary/signs_agree").asInt()).isEqualTo(5);
        // cells/1 is copy_cpu_pct at bs=512: a percentage, so its error is in points only
        assertThat(json.at("/cells/1/unit").asText()).isEqualTo("pct");
        assertThat(json.at("/cells/1/error_points").isNumber()).isTrue();
        assertThat(json.at("/cells/1/error_pct").isNull()).isTrue();
        assertThat(json.at("/cells/0/error_points").isNull()).isTrue();
        assertThat(json.at("/summary/percentage_cells").asInt()).isEqualTo(6);
        assertThat(json.at("/summary/max_abs_error_points").asDouble()).isEqualTo(5.7, within(0.05));
        assertThat(json.at("/points/0/report/bottleneck").asText()).isEqualTo("host/cores");
        assertThat(json.at("/points/0/report/resources/0/utilisation").asDouble()).isEqualTo(1.0);
    }

    @Test
    void unknownAxisOrValueOrExperimentIsOneClearLine() {
        CliRun axis = hcasim("reproduce", "toy-queue", "--axis", "blocksize=512");
        assertThat(axis.exit()).isEqualTo(HcasimCommand.USER_ERROR);
        assertThat(axis.err().strip()).isEqualTo("hcasim reproduce: experiment toy-queue has no axis 'blocksize'; axes: bs, policy");

        CliRun value = hcasim("reproduce", "toy-queue", "--axis", "bs=512,777");
        assertThat(value.exit()).isEqualTo(HcasimCommand.USER_ERROR);
        assertThat(value.err().strip())
                .isEqualTo("hcasim reproduce: experiment toy-queue: axis bs has no value '777'; valid values: 512, 4096, 65536, 1024");

        CliRun name = hcasim("reproduce", "no-such-thing");
        assertThat(name.exit()).isEqualTo(HcasimCommand.USER_ERROR);
        assertThat(name.err().strip()).startsWith("hcasim reproduce: unknown experiment 'no-such-thing'; experiments: ")
                .contains("toy-queue").endsWith(", all").doesNotContain("\n");

        CliRun malformed = hcasim("reproduce", "toy-queue", "--axis", "bs");
        assertThat(malformed.err().strip()).isEqualTo("hcasim reproduce: --axis bs: expected name=value[,value...], e.g. --axis bs=512,4096");

        CliRun jobs = hcasim("reproduce", "toy-queue", "--jobs", "0");
        assertThat(jobs.err().strip()).isEqualTo("hcasim reproduce: --jobs must be at least 1, not 0");

        CliRun format = hcasim("reproduce", "toy-queue", "--format", "xml");
        assertThat(format.exit()).isEqualTo(HcasimCommand.USAGE_ERROR);
        assertThat(format.err()).contains("--format").contains("text, csv, json").doesNotContain("\tat ");
    }

    @Test
    void listShowsEachExperimentWithItsAxesPolicyAndReference() {
        CliRun r = hcasim("reproduce", "--list");

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("toy-queue (hcasim): Closed-form toy",
                "  axis bs = 512,4096,65536  (also allowed: 1024)\n", "  axis policy = copy,zerocopy  <- policy\n",
                "  reference /org/hcasim/dist/experiment/toy-queue.csv\n");
        assertThat(hcasim("reproduce").err().strip()).isEqualTo("hcasim reproduce: name an experiment or 'all' (see --list)");
    }

    @Test
    void outWritesCsvJsonHtmlAndDecodablePngAndParseableSvgPlots(@TempDir Path dir) throws Exception {
        CliRun r = hcasim("reproduce", "toy-queue", "--out", dir.toString());
        assertThat(r.exit()).as(r.err()).isZero();

        assertThat(dir.resolve("toy-queue.csv")).exists();
        assertThat(dir.resolve("toy-queue.json")).exists();
        for (String metric : List.of("kiops", "cpu_pct")) {
            Path png = dir.resolve("toy-queue-" + metric + ".png");
            Path svg = dir.resolve("toy-queue-" + metric + ".svg");
            var image = ImageIO.read(png.toFile());
            assertThat(image).as(png.toString()).isNotNull();
            assertThat(image.getWidth()).isPositive();
            assertThat(Files.readString(svg)).doesNotContain("DOCTYPE");
            var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
            assertThat(doc.getDocumentElement().getTagName()).isEqualTo("svg");
        }
        String html = Files.readString(dir.resolve("index.html"));
        assertThat(html).contains("<img src=\"toy-queue-kiops.svg\"", "copy_kiops", "MISS", "host/link.tx",
                        "<li>sign miss: bs=4096 cpu_pct copy → zerocopy: reference -3.0%, simulated +0.0%</li>")
                .doesNotContain("http://", "https://");
        assertThat(ReferenceTable.read("out", Files.newBufferedReader(dir.resolve("toy-queue.csv"))).columns())
                .containsExactly("bs", "copy_kiops", "copy_cpu_pct", "zerocopy_kiops", "zerocopy_cpu_pct");
    }

    @Test
    void traceOfAPointWithoutSimulationIsValidAndSaysSo(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("t.json");
        CliRun r = hcasim("reproduce", "toy-queue", "--axis", "bs=512", "--trace", trace.toString());

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("trace of toy-queue bs=512 policy=copy is empty: that point ran no simulation");
        JsonNode json = new ObjectMapper().readTree(trace.toFile());
        assertThat(json.get("traceEvents")).isEmpty();
    }
}
