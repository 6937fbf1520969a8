package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.dist.CliRun.hcasim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hcasim.dist.CliRun;
import org.hcasim.dist.cli.HcasimCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hcasim fio} end to end, on the built-in testbed with the real NVMe-oF ULP. */
class FioCommandTest {
    @TempDir
    Path dir;


    private Path job(String text) throws Exception {
        Path p = dir.resolve("job.fio");
        Files.writeString(p, text);
        return p;
    }

    @Test
    void randomReadOverNvmeofGivesFioJson() throws Exception {
        Path job = job("[rr]\nioengine=nvmeof\nrw=randread\nbs=4k\niodepth=8\nruntime=5ms\ntime_based\n");
        CliRun r = hcasim("fio", "--output-format", "json", job.toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        JsonNode read = new ObjectMapper().readTree(r.out()).get("jobs").get(0).get("read");
        assertThat(read.get("total_ios").asLong()).isPositive();
        assertThat(read.get("clat_ns").get("percentile").get("99.000000").asLong()).isPositive();
    }

    @Test
    void writeAndVerifyOverNvmeofOnARamBackstore() throws Exception {
        Path job = job("[v]\nioengine=nvmeof\nrw=randwrite\nbs=4k\niodepth=4\nsize=256k\nverify=crc32c\n");
        CliRun r = hcasim("fio", "--set", "testbed.target.backstore=ram", "--set", "testbed.target.namespace-size=64m", job.toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("v: (g=0): rw=randwrite, bs=(R) 4096B-4096B").contains("  write: IOPS=").contains("  read: IOPS=");
    }

    /** fio's JSON without its wall-clock fields. */
    private static JsonNode withoutWallClock(String out) throws Exception {
        JsonNode root = new ObjectMapper().readTree(out);
        ((com.fasterxml.jackson.databind.node.ObjectNode) root).remove(List.of("timestamp", "timestamp_ms", "time"));
        return root;
    }

    @Test
    void theSrpVerifyExampleWritesAndVerifiesOnARamTargetTheSameWayEachRun() throws Exception {
        String[] args = {"fio", "--output-format=json", "--set", "testbed.target.backstore=ram",
            "--set", "testbed.target.namespace-size=1g", Path.of("..", "examples", "srp-verify.fio").toString()};
        CliRun first = hcasim(args);
        assertThat(first.err()).isEmpty();
        assertThat(first.exit()).isZero();
        JsonNode job = withoutWallClock(first.out()).get("jobs").get(0);
        assertThat(job.get("job options").get("filename").asText()).isEqualTo("/dev/sdb");
        assertThat(job.get("write").get("io_bytes").asLong()).isEqualTo(8L << 20);
        assertThat(job.get("read").get("io_bytes").asLong()).as("the verify phase read everything back").isEqualTo(8L << 20);
        assertThat(withoutWallClock(hcasim(args).out())).isEqualTo(withoutWallClock(first.out()));
    }

    @Test
    void severalInitiatorsReportAsFioClientModeWithEachHostAndAllClients() throws Exception {
        Path job = job("[rr]\nioengine=srp\nrw=randread\nbs=4k\niodepth=4\nruntime=2ms\ntime_based\n");
        String[] set = {"--set", "testbed.initiators=2", "--set", "testbed.target.devices=2"};
        CliRun json = hcasim(concat(new String[] {"fio", "--output-format=json"}, set, job.toString()));
        assertThat(json.err()).isEmpty();
        JsonNode stats = new ObjectMapper().readTree(json.out()).get("client_stats");
        assertThat(stats).hasSize(3);
        assertThat(stats.get(0).get("hostname").asText()).isEqualTo("initiator1");
        assertThat(stats.get(1).get("hostname").asText()).isEqualTo("initiator2");
        assertThat(stats.get(2).get("jobname").asText()).isEqualTo("All clients");
        long each = stats.get(0).get("read").get("total_ios").asLong() + stats.get(1).get("read").get("total_ios").asLong();
        assertThat(stats.get(2).get("read").get("total_ios").asLong()).isEqualTo(each).isPositive();
        CliRun text = hcasim(concat(new String[] {"fio"}, set, job.toString()));
        assertThat(text.out()).contains("<initiator1> rr: (groupid=0, jobs=1)", "<initiator2>   read: IOPS=",
                "All clients: (groupid=0, jobs=2)");
    }

    private static String[] concat(String[] a, String[] b, String last) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length + 1);
        System.arraycopy(b, 0, out, a.length, b.length);
        out[out.length - 1] = last;
        return out;
    }

    @Test
    void sameJobGivesTheSameReportApartFromTheWallClock() throws Exception {
        Path job = job("[mix]\nioengine=nvmeof\nrw=randrw\niodepth=8\nnumjobs=2\nruntime=3ms\ntime_based\n");
        ObjectMapper json = new ObjectMapper();
        JsonNode first = json.readTree(hcasim("fio", "--output-format=json", job.toString()).out());
        JsonNode second = json.readTree(hcasim("fio", "--output-format=json", job.toString()).out());
        for (JsonNode root : List.of(first, second)) {
            ((com.fasterxml.jackson.databind.node.ObjectNode) root).remove(List.of("timestamp", "timestamp_ms", "time"));
        }
        assertThat(first.get("jobs").get(1).get("write").get("total_ios").asLong()).isPositive();
        assertThat(second).isEqualTo(first);
    }

    @Test
    void elidedPayloadRunsNvmeofAndGivesTheSameReportAsRealPayload() throws Exception {
        // Capsules, responses and Identify data are control memory, stored in both modes; only the job's data
        // buffers and the target's data buffers are elided, which must not change any simulated time.
        Path job = job("[mix]\nioengine=nvmeof\nrw=randrw\nbs=4k\niodepth=8\nnumjobs=2\nruntime=3ms\ntime_based\n");
        JsonNode elided = sameReportInBothPayloadModes(job);
        assertThat(elided.get("jobs").get(0).get("read").get("iops").asDouble()).isPositive();
        assertThat(elided.get("jobs").get(1).get("write").get("total_ios").asLong()).isPositive();
    }

    @Test
    void elidedPayloadKeepsTheTimingOfSoftwarePiChecks() throws Exception {
        // fio generates and checks the T10-PI guard in software (pi_act=0); elided mode skips the check itself
        // but must charge its CPU as real mode does
        Path job = job("[w]\nioengine=nvmeof\nrw=write\nbs=4k\niodepth=8\nsize=256k\npi_act=0\npi_chk=GUARD,REFTAG\n"
                + "md_per_io_size=64\n[r]\nstonewall\nioengine=nvmeof\nrw=read\nbs=4k\niodepth=8\nsize=256k\npi_act=0\n"
                + "pi_chk=GUARD,REFTAG\nmd_per_io_size=64\n");
        JsonNode elided = sameReportInBothPayloadModes(job, "--set", "testbed.target.backstore=ram", "--set",
                "testbed.target.namespace-size=64m", "--set", "testbed.target.format=512+8", "--set", "testbed.target.pi=type1");
        assertThat(elided.get("jobs").get(1).get("read").get("total_ios").asLong()).isEqualTo(64);
    }

    /** Runs the job in real and in elided payload mode and checks the JSON reports match; returns the elided one. */
    private JsonNode sameReportInBothPayloadModes(Path job, String... options) throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode[] reports = new JsonNode[2];
        String[] modes = {"real", "elided"};
        for (int i = 0; i < 2; i++) {
            List<String> args = new java.util.ArrayList<>(List.of("fio", "--set", "sim.payload=" + modes[i],
                    "--output-format=json"));
            args.addAll(List.of(options));
            args.add(job.toString());
            CliRun r = hcasim(args.toArray(String[]::new));
            assertThat(r.err()).as(modes[i]).isEmpty();
            assertThat(r.exit()).as(modes[i]).isZero();
            reports[i] = json.readTree(r.out());
            ((com.fasterxml.jackson.databind.node.ObjectNode) reports[i]).remove(List.of("timestamp", "timestamp_ms", "time"));
        }
        assertThat(reports[1]).isEqualTo(reports[0]);
        return reports[1];
    }

    @Test
    void verifyWithElidedPayloadIsAOneLineUserError() throws Exception {
        Path job = job("[v]\nioengine=nvmeof\nrw=write\nbs=4k\nsize=64k\nverify=crc32c\n");
        CliRun r = hcasim("fio", "--set", "sim.payload=elided", job.toString());
        assertThat(r.exit()).isEqualTo(HcasimCommand.USER_ERROR);
        assertThat(r.err()).contains("verify=crc32c").contains("elided").endsWith("\n").hasLineCount(1);
    }

    @Test
    void testbedFileSetsTheTarget() throws Exception {
        Path testbed = dir.resolve("tb.properties");
        Files.writeString(testbed, "testbed.target.backstore = ram\ntestbed.target.namespace-size = 32m\ntestbed.initiator.cores = 2\n");
        Path job = job("[v]\nioengine=nvmeof\nrw=write\nbs=8k\nsize=128k\nverify=md5\n");
        CliRun r = hcasim("fio", "--testbed", testbed.toString(), "--output-format=json", job.toString());
        assertThat(r.err()).isEmpty();
        JsonNode v = new ObjectMapper().readTree(r.out()).get("jobs").get(0);
        assertThat(v.get("write").get("total_ios").asLong()).isEqualTo(16);
        assertThat(v.get("read").get("total_ios").asLong()).as("verify phase").isEqualTo(16);

        Files.writeString(testbed, "testbed.target.backstor = ram\n");
        CliRun typo = hcasim("fio", "--testbed", testbed.toString(), job.toString());
        assertThat(typo.exit()).isEqualTo(HcasimCommand.USER_ERROR);
        assertThat(typo.err()).contains("testbed.target.backstor").contains("testbed.target.backstore");
    }

    @Test
    void anOutOfRangePluginSettingIsAOneLineUserError() throws Exception {
        Path job = job("[rr]\nioengine=nvmeof\nrw=randread\nbs=4k\niodepth=8\nruntime=1ms\ntime_based\n");
        CliRun r = hcasim("fio", "--set", "nvmeof.host.queue-size=8", job.toString());
        assertThat(r.exit()).isEqualTo(HcasimCommand.USER_ERROR);
        assertThat(r.err()).isEqualTo("hcasim fio: nvmeof.host.queue-size = 8 (from --set): must be in 16..1024\n");
    }

    @Test
    void errorsAreOneLine() throws Exception {
        CliRun missing = hcasim("fio", dir.resolve("nope.fio").toString());
        assertThat(missing.exit()).isEqualTo(HcasimCommand.USER_ERROR);
        assertThat(missing.err()).isEqualTo("hcasim fio: job file " + dir.resolve("nope.fio") + " does not exist\n");
        CliRun unknown = hcasim("fio", job("[a]\nioengine=nvmeof\nbogus=1\n").toString());
        assertThat(unknown.err()).isEqualTo("hcasim fio: " + dir.resolve("job.fio") + ":3: unknown option 'bogus'\n");
        CliRun engine = hcasim("fio", job("[a]\nioengine=rds\n").toString());
        assertThat(engine.err()).startsWith("hcasim fio: ioengine=rds: ULP rds has no block roles (block ULPs installed: ")
                .contains("nvmeof");
        CliRun notInstalled = hcasim("fio", job("[a]\nioengine=nosuch\n").toString());
        assertThat(notInstalled.exit()).isEqualTo(HcasimCommand.USER_ERROR);
        assertThat(notInstalled.err()).startsWith("hcasim fio: ioengine=nosuch: ULP 'nosuch' is not installed; installed: ")
                .contains("nvmeof").contains("rds").endsWith("\n").hasLineCount(1);
        CliRun format = hcasim("fio", "--output-format", "xml", job("[a]\n").toString());
        assertThat(format.exit()).isEqualTo(HcasimCommand.USAGE_ERROR);
        assertThat(format.err()).contains("--output-format");
        CliRun badSet = hcasim("fio", "--set", "testbed.target.backstore=disk", job("[a]\nioengine=nvmeof\n").toString());
        assertThat(badSet.err()).startsWith("hcasim fio: testbed.target.backstore (from --set): unknown backstore 'disk'");
    }

    @Test
    void outputOptionWritesAFile() throws Exception {
        Path out = dir.resolve("out.json");
        CliRun r = hcasim("fio", "--output-format=json", "--output", out.toString(),
                job("[rr]\nioengine=nvmeof\nrw=randread\nsize=64k\n").toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(new ObjectMapper().readTree(out.toFile()).get("jobs").get(0).get("read").get("total_ios").asLong()).isEqualTo(16);
    }
}
