package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.dist.CliRun.hcasim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.hcasim.dist.CliRun;

/**
 * {@code hcasim fio} as users invoke fio: jobs on the command line, host engines and file names from a real machine,
 * fio's other output formats and the options that pace, flush and log.
 */
class FioAsUsersRunItTest {
    @TempDir
    Path dir;


    private Path job(String text) throws Exception {
        Path p = dir.resolve("job.fio");
        Files.writeString(p, text);
        return p;
    }

    @Test
    void aCommandLineJobWithLibaioRunsOnTheNvmeNamespaceItNamesWithOneNote() {
        CliRun r = hcasim("fio", "--name=r", "--filename=/dev/nvme0n1", "--ioengine=libaio", "--rw=randread", "--bs=4k",
                "--iodepth=32", "--numjobs=8", "--runtime=2ms", "--time_based", "--group_reporting");
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEqualTo("note: ioengine=libaio runs as the nvmeof block device (/dev/nvme0n1 is an NVMe namespace;"
                + " ioengine=ULP or --set testbed.ulps=ULP picks another)\n");
        assertThat(r.out()).startsWith("r: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=libaio,"
                + " iodepth=32\n...\n").contains("Starting 8 processes", "r: (groupid=0, jobs=8)", "  read: IOPS=");
    }

    @Test
    void optionsBeforeTheFirstNameAreGlobalAndValuesMayFollowTheirOption() throws Exception {
        CliRun r = hcasim("fio", "--output-format=json", "--ioengine", "nvmeof", "--rw=read", "--size", "64k",
                "--name=a", "--bs=8k", "--name=b");
        assertThat(r.err()).isEmpty();
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertThat(root.get("global options").toString()).isEqualTo("{\"ioengine\":\"nvmeof\",\"rw\":\"read\",\"size\":\"64k\"}");
        assertThat(root.get("jobs").get(0).get("read").get("total_ios").asLong()).isEqualTo(8);
        assertThat(root.get("jobs").get(1).get("read").get("total_ios").asLong()).isEqualTo(16);
    }

    @Test
    void aScsiDiskNamesTheScsiUlpAndTestbedUlpsPicksOne() {
        CliRun iser = hcasim("fio", "--name=a", "--ioengine=io_uring", "--filename=/dev/sda", "--rw=read", "--size=64k");
        assertThat(iser.err()).startsWith("note: ioengine=io_uring runs as the iser block device (/dev/sda is a SCSI disk;");
        CliRun srp = hcasim("fio", "--set", "testbed.ulps=srp", "--name=a", "--ioengine=io_uring", "--filename=/dev/sdb",
                "--rw=read", "--size=64k");
        assertThat(srp.exit()).isZero();
        assertThat(srp.err()).startsWith("note: ioengine=io_uring runs as the srp block device (testbed.ulps names it;");
    }

    @Test
    void aFileRunsOnTheFirstNamespaceAndFileOptionsAreNoted() throws Exception {
        CliRun r = hcasim("fio", job("[global]\nfilename=fio-rand-read\ndirectory=/mnt/ssd\nunlink=1\n"
                + "[j]\nioengine=libaio\nrw=randread\nsize=64k\n").toString());
        assertThat(r.exit()).isZero();
        assertThat(r.err().lines().toList()).containsExactly(
                "note: file option directory ignored: the job runs on a block device, which has no files",
                "note: file option unlink ignored: the job runs on a block device, which has no files",
                "note: ioengine=libaio runs as the nvmeof block device (the default block ULP; ioengine=ULP or --set testbed.ulps=ULP picks another)",
                "note: filename=fio-rand-read names a file; job 'j' runs on nvme0n1, the first device of ioengine nvmeof");
        CliRun missing = hcasim("fio", job("[j]\nioengine=nvmeof\nfilename=/dev/nvme1n1\nsize=64k\n").toString());
        assertThat(missing.err()).isEqualTo("hcasim fio: job 'j': filename=/dev/nvme1n1 is not a device of ioengine nvmeof (devices: nvme0n1)\n");
    }

    @Test
    void aColonListSpreadsTheJobOverTheNamespaces() throws Exception {
        CliRun r = hcasim("fio", "--set", "testbed.target.namespaces=2", "--output-format=json",
                job("[j]\nioengine=nvmeof\nfilename=/dev/nvme0n1:/dev/nvme0n2\nrw=write\nbs=4k\nsize=128k\n").toString());
        assertThat(r.err()).isEmpty();
        assertThat(new ObjectMapper().readTree(r.out()).get("jobs").get(0).get("write").get("total_ios").asLong())
                .as("size is the job's, split between its two devices").isEqualTo(32);
    }

    @Test
    void verifyOnANullBackstoreIsRefusedBeforeTheRunAndPassesOnRam() throws Exception {
        Path job = job("[v]\nioengine=nvmeof\nrw=randwrite\nbs=4k\niodepth=4\nsize=256k\nverify=crc32c\n");
        CliRun refused = hcasim("fio", job.toString());
        assertThat(refused.exit()).isEqualTo(HcasimCommand.USER_ERROR);
        assertThat(refused.out()).isEmpty();
        assertThat(refused.err()).isEqualTo("hcasim fio: job 'v': verify=crc32c reads back what was written, but the target's"
                + " backstore keeps no data (testbed.target.backstore=null): add --set testbed.target.backstore=ram\n");
        CliRun passed = hcasim("fio", "--set", "testbed.target.backstore=ram", job.toString());
        assertThat(passed.exit()).isZero();
        assertThat(passed.err()).isEmpty();
    }

    @Test
    void reportFollowsFiosOutputWithUtilisationAndTheBottleneck() throws Exception {
        CliRun r = hcasim("fio", "--report", job("[rr]\nioengine=nvmeof\nrw=randread\niodepth=16\nruntime=2ms\ntime_based\n").toString());
        assertThat(r.exit()).isZero();
        int runStatus = r.out().indexOf("Run status group 0");
        int report = r.out().indexOf("run report: ");
        assertThat(runStatus).isPositive();
        assertThat(report).isGreaterThan(runStatus);
        assertThat(r.out().substring(report)).contains("initiator/cpus", "target/cpus", "pcie", "link")
                .containsPattern("(?m)^  (bottleneck: |no resource is saturated|)");
    }

    @Test
    void minimalIsFiosTerseVersion3WithItsFieldCount() throws Exception {
        CliRun r = hcasim("fio", "--minimal", job("[t]\nioengine=nvmeof\nrw=randread\nsize=64k\n").toString());
        assertThat(r.exit()).isZero();
        String line = r.out().strip();
        assertThat(line).startsWith("3;fio-3.36;t;0;0;64;");
        assertThat(line.split(";")).as("fio 3.33's terse v3 line without a disk has 121 fields").hasSize(121);
    }

    @Test
    void jsonPlusAddsTheLatencyBins() throws Exception {
        CliRun r = hcasim("fio", "--output-format=json+", job("[t]\nioengine=nvmeof\nrw=randread\nsize=64k\n").toString());
        JsonNode bins = new ObjectMapper().readTree(r.out()).get("jobs").get(0).get("read").get("clat_ns").get("bins");
        long n = 0;
        for (JsonNode count : bins) n += count.asLong();
        assertThat(n).isEqualTo(16);
    }

    @Test
    void statusIntervalReportsTheResultsSoFar() throws Exception {
        CliRun r = hcasim("fio", "--status-interval=1ms", job("[s]\nioengine=nvmeof\nrw=randread\niodepth=4\nruntime=3500us\ntime_based\n").toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out().split("s: \\(groupid=0, jobs=1\\)", -1)).as("three interim reports and the final one").hasSize(5);
        assertThat(r.out().indexOf("Starting 1 process")).as("the header once, before the final report")
                .isEqualTo(r.out().lastIndexOf("Starting 1 process")).isGreaterThan(r.out().indexOf("s: (groupid"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"nvmeof", "iser", "srp"})
    void fsyncFlushesThroughEachBlockUlp(String ulp) throws Exception {
        CliRun r = hcasim("fio", "--output-format=json", job("[f]\nioengine=" + ulp + "\nrw=write\nbs=4k\niodepth=4\nsize=64k\n"
                + "fsync=4\nend_fsync=1\n").toString());
        assertThat(r.err()).isEmpty();
        JsonNode sync = new ObjectMapper().readTree(r.out()).get("jobs").get(0).get("sync");
        assertThat(sync.get("total_ios").asLong()).as("after writes 4, 8, ... 12 of 16, and once at the end").isEqualTo(4);
        assertThat(sync.get("lat_ns").get("min").asLong()).as("a round trip to the target").isGreaterThan(1_000);
    }

    @Test
    void rateIopsPacesTheJob() throws Exception {
        CliRun r = hcasim("fio", "--output-format=json", job("[p]\nioengine=nvmeof\nrw=randread\niodepth=8\nrate_iops=20000\n"
                + "runtime=50ms\ntime_based\n").toString());
        JsonNode read = new ObjectMapper().readTree(r.out()).get("jobs").get(0).get("read");
        assertThat(read.get("iops").asDouble()).isBetween(19_500.0, 20_500.0);
    }

    @Test
    void logFilesAreInFiosFormat() throws Exception {
        String prefix = dir.resolve("lat").toString();
        CliRun r = hcasim("fio", job("[l]\nioengine=nvmeof\nrw=read\nbs=4k\nsize=16k\nwrite_lat_log=" + prefix + "\n"
                + "write_iops_log=" + prefix + "\n").toString());
        assertThat(r.exit()).isZero();
        List<String> lat = Files.readAllLines(Path.of(prefix + "_lat.1.log"));
        assertThat(lat).hasSize(4).allMatch(l -> l.matches("\\d+, \\d+, 0, 4096, 0"));
        assertThat(Files.readAllLines(Path.of(prefix + "_iops.1.log"))).hasSize(4).allMatch(l -> l.matches("\\d+, 1, 0, 4096, 0"));
        assertThat(Path.of(prefix + "_clat.1.log")).exists();
        assertThat(Path.of(prefix + "_slat.1.log")).exists();
    }

    @Test
    void optionsWithoutMeaningAndUnimplementedOnesAreOneLineErrors() throws Exception {
        CliRun meaningless = hcasim("fio", "--name=a", "--ioengine=nvmeof", "--cgroup=fio");
        assertThat(meaningless.err()).isEqualTo("hcasim fio: command line:3: fio option 'cgroup' has no meaning for a simulated"
                + " block device (see docs/fio.md)\n");
        CliRun later = hcasim("fio", job("[a]\nioengine=nvmeof\nzonemode=zbd\n").toString());
        assertThat(later.err()).endsWith("job.fio:3: fio option 'zonemode' is not supported by hcasim yet (see docs/fio.md)\n");
        CliRun readonly = hcasim("fio", "--readonly", "--name=w", "--ioengine=nvmeof", "--rw=write");
        assertThat(readonly.err()).isEqualTo("hcasim fio: job 'w' has write bit set, but fio is in read-only mode (readonly)\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"nvmeof", "srp"})
    void anIoLargerThanTheMaximumTransferIsSplitAsTheBlockLayerDoesAndVerifies(String ulp) throws Exception {
        // 1 MiB exceeds nvme-rdma's 255 pages and srp's max_sectors: blk-mq sends it as two requests
        CliRun r = hcasim("fio", "--set", "testbed.target.backstore=ram", "--set", "testbed.target.namespace-size=16m",
                "--output-format=json", job("[big]\nioengine=" + ulp + "\nrw=write\nbs=1m\niodepth=2\nsize=4m\nverify=crc32c\n").toString());
        assertThat(r.err()).isEmpty();
        JsonNode job = new ObjectMapper().readTree(r.out()).get("jobs").get(0);
        assertThat(job.get("error").asInt()).isZero();
        assertThat(job.get("write").get("total_ios").asLong()).as("fio counts the I/O, not its parts").isEqualTo(4);
        assertThat(job.get("read").get("total_ios").asLong()).as("each verified").isEqualTo(4);
    }
}
