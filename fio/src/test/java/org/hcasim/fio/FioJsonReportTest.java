package org.hcasim.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JSON document has fio's schema, field by field, with values consistent with each other. */
class FioJsonReportTest {
    private static final String JOB = """
            [global]
            ioengine=loopback
            runtime=1200ms
            time_based
            [randread]
            rw=randread
            bs=4k
            iodepth=8
            """;

    private static JsonNode json(String job) throws Exception {
        return new ObjectMapper().readTree(FioHarness.slowNullDevice().json(job));
    }

    private static List<String> names(JsonNode node) {
        List<String> out = new ArrayList<>();
        node.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void topLevelFields() throws Exception {
        JsonNode root = json(JOB);
        assertThat(names(root)).containsExactly("fio version", "timestamp", "timestamp_ms", "time", "global options", "jobs");
        assertThat(root.get("fio version").asText()).startsWith("fio-3.");
        assertThat(root.get("timestamp").asLong()).isEqualTo(FioHarness.FIXED_EPOCH_MS / 1000);
        assertThat(root.get("timestamp_ms").asLong()).isEqualTo(FioHarness.FIXED_EPOCH_MS);
        assertThat(root.get("time").asText()).isEqualTo("Sun Nov 30 00:00:00 2025");
        assertThat(root.get("global options").get("ioengine").asText()).isEqualTo("loopback");
        assertThat(root.get("global options").get("runtime").asText()).isEqualTo("1200ms");
        assertThat(root.get("jobs")).hasSize(1);
    }

    @Test
    void jobFields() throws Exception {
        JsonNode job = json(JOB).get("jobs").get(0);
        assertThat(names(job)).startsWith("jobname", "groupid", "error", "eta", "elapsed", "job options", "read", "write", "trim", "sync",
                "job_runtime", "usr_cpu", "sys_cpu", "ctx", "majf", "minf", "iodepth_level");
        assertThat(job.get("jobname").asText()).isEqualTo("randread");
        assertThat(job.get("groupid").asInt()).isZero();
        assertThat(job.get("error").asInt()).isZero();
        assertThat(names(job.get("job options"))).containsExactly("rw", "bs", "iodepth");
        assertThat(job.get("job options").get("bs").asText()).isEqualTo("4k");
        assertThat(job.get("usr_cpu").asDouble()).isGreaterThan(0).isLessThan(100);
        assertThat(job.get("sys_cpu").asDouble()).isGreaterThan(0).isLessThan(100);
        assertThat(job.get("ctx").asLong()).isPositive();
        JsonNode depth = job.get("iodepth_level");
        assertThat(names(depth)).containsExactly("1", "2", "4", "8", "16", "32", ">=64");
        double sum = 0;
        for (JsonNode v : depth) sum += v.asDouble();
        assertThat(sum).isCloseTo(100.0, within(1e-9));
        assertThat(depth.get("8").asDouble()).isGreaterThan(50);
        assertThat(names(job.get("latency_ms"))).endsWith("2000", ">=2000");
        for (String batch : List.of("iodepth_submit", "iodepth_complete")) {
            assertThat(names(job.get(batch))).containsExactly("0", "4", "8", "16", "32", "64", ">=64");
            double total = 0;
            for (JsonNode v : job.get(batch)) total += v.asDouble();
            assertThat(total).as(batch).isCloseTo(100.0, within(1e-9));
        }
        // one I/O completes at a time on the loopback, and each is resubmitted alone
        assertThat(job.get("iodepth_submit").get("4").asDouble()).isGreaterThan(99.0);
    }

    @Test
    void readDirectionFieldsAreConsistent() throws Exception {
        JsonNode read = json(JOB).get("jobs").get(0).get("read");
        assertThat(names(read)).containsExactly("io_bytes", "io_kbytes", "bw_bytes", "bw", "iops", "runtime", "total_ios", "short_ios",
                "drop_ios", "slat_ns", "clat_ns", "lat_ns", "bw_min", "bw_max", "bw_agg", "bw_mean", "bw_dev", "bw_samples",
                "iops_min", "iops_max", "iops_mean", "iops_stddev", "iops_samples");
        long ios = read.get("total_ios").asLong();
        long runtimeMs = read.get("runtime").asLong();
        assertThat(ios).isPositive();
        assertThat(read.get("io_bytes").asLong()).isEqualTo(ios * 4096);
        assertThat(read.get("io_kbytes").asLong()).isEqualTo(ios * 4);
        assertThat(runtimeMs).isBetween(1200L, 1201L);
        assertThat(read.get("bw").asLong()).isEqualTo(read.get("bw_bytes").asLong() / 1024);
        assertThat(read.get("bw_bytes").asDouble()).isCloseTo(ios * 4096 * 1000.0 / runtimeMs, within(ios * 4096 * 1000.0 / runtimeMs * 0.001));
        assertThat(read.get("iops").asDouble()).isCloseTo(ios * 1000.0 / runtimeMs, within(ios * 1000.0 / runtimeMs * 0.001));
        assertThat(read.get("bw_samples").asInt()).isEqualTo(2);
        assertThat(read.get("bw_agg").asDouble()).isCloseTo(100.0, within(1e-9));
        assertThat(read.get("iops_min").asLong()).isLessThanOrEqualTo(read.get("iops_max").asLong());

        JsonNode clat = read.get("clat_ns");
        assertThat(names(clat)).containsExactly("min", "max", "mean", "stddev", "N", "percentile");
        assertThat(clat.get("N").asLong()).isEqualTo(ios);
        assertThat(names(clat.get("percentile"))).containsExactly("1.000000", "5.000000", "10.000000", "20.000000", "30.000000",
                "40.000000", "50.000000", "60.000000", "70.000000", "80.000000", "90.000000", "95.000000", "99.000000",
                "99.500000", "99.900000", "99.950000", "99.990000");
        long previous = 0;
        for (JsonNode p : clat.get("percentile")) {
            assertThat(p.asLong()).isGreaterThanOrEqualTo(previous).isBetween(clat.get("min").asLong(), clat.get("max").asLong() + clat.get("max").asLong() / 500);
            previous = p.asLong();
        }
        JsonNode lat = read.get("lat_ns");
        assertThat(names(lat)).containsExactly("min", "max", "mean", "stddev", "N");
        assertThat(lat.get("mean").asDouble()).isCloseTo(clat.get("mean").asDouble() + read.get("slat_ns").get("mean").asDouble(), within(1.0));
        assertThat(lat.get("min").asLong()).isGreaterThanOrEqualTo(clat.get("min").asLong());
        // loopback round trip: 2 x 100 us one way, never less
        assertThat(clat.get("min").asLong()).isGreaterThanOrEqualTo(200_000);
    }

    @Test
    void unusedDirectionsAreZero() throws Exception {
        JsonNode job = json(JOB).get("jobs").get(0);
        for (String dir : List.of("write", "trim")) {
            assertThat(job.get(dir).get("total_ios").asLong()).isZero();
            assertThat(job.get(dir).get("io_bytes").asLong()).isZero();
            assertThat(job.get(dir).get("clat_ns").get("N").asLong()).isZero();
        }
    }

    @Test
    void groupReportingMergesClonesIntoOneEntry() throws Exception {
        JsonNode root = json("""
                [many]
                ioengine=loopback
                rw=randread
                numjobs=3
                group_reporting
                runtime=5ms
                time_based
                """);
        assertThat(root.get("jobs")).hasSize(1);
        JsonNode separate = json("[many]\nioengine=loopback\nrw=randread\nnumjobs=3\nruntime=5ms\ntime_based\n");
        assertThat(separate.get("jobs")).hasSize(3);
        long sum = 0;
        for (JsonNode j : separate.get("jobs")) sum += j.get("read").get("total_ios").asLong();
        assertThat(root.get("jobs").get(0).get("read").get("total_ios").asLong()).isEqualTo(sum);
    }
}
