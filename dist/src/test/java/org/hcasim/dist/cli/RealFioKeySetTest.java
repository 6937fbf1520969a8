package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real fio is the reference for the JSON format: the same job run by fio with {@code ioengine=null} and by hcasim
 * gives the same key set at every level. Skips, saying why, when fio is not installed ({@code apt-get install fio}).
 */
class RealFioKeySetTest {
    private static final String JOB = """
            [global]
            size=1m
            [mixed]
            rw=randrw
            rwmixread=70
            bs=4k
            iodepth=8
            [seq]
            stonewall
            rw=write
            bs=64k
            """;

    /** A steady-state job as fio's HOWTO suggests it, paced so that real fio attains it after 4 s too. */
    private static final String STEADY = """
            [paced]
            rw=randread
            bs=4k
            rate_iops=2000
            size=1m
            time_based
            runtime=30
            ss=iops:10%
            ss_dur=2
            ss_ramp=1
            """;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"json", "json+"})
    void hcasimsJsonHasRealFiosKeysAtEveryLevel(String format) throws Exception {
        compare(JOB, format);
    }

    @Test
    void theSteadystateObjectHasRealFiosKeys() throws Exception {
        compare(STEADY, "json");
    }

    private void compare(String job, String format) throws Exception {
        String fio = onPath("fio");
        assumeTrue(fio != null, "fio is not installed (apt-get install fio): no reference to compare the JSON keys with");

        Path real = dir.resolve("real.fio");
        Files.writeString(real, "[global]\nioengine=null\n" + job);
        Process p = new ProcessBuilder(fio, "--output-format=" + format, real.toString()).redirectErrorStream(false).start();
        String realJson = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("fio ran").isZero();

        Path ours = dir.resolve("ours.fio");
        Files.writeString(ours, "[global]\nioengine=nvmeof\n" + job);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = HcasimCommand.run(new String[] {"fio", "--output-format=" + format, ours.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();

        ObjectMapper mapper = new ObjectMapper();
        assertThat(keys(mapper.readTree(out.toString(StandardCharsets.UTF_8))))
                .containsExactlyElementsOf(keys(mapper.readTree(realJson)));
    }

    /** Every object key as a path from the root; arrays by index; json+'s latency bins by their count only. */
    private static TreeSet<String> keys(JsonNode root) {
        TreeSet<String> out = new TreeSet<>();
        collect(root, "", out);
        return out;
    }

    private static void collect(JsonNode node, String path, TreeSet<String> out) {
        if (node.isObject()) {
            if (path.endsWith("/bins")) { // keys are the latencies seen: present, not the same
                out.add(path + " (latency bins)");
                return;
            }
            for (Iterator<String> it = node.fieldNames(); it.hasNext();) {
                String key = it.next();
                out.add(path + "/" + key);
                collect(node.get(key), path + "/" + key, out);
            }
        } else if (node.isArray()) {
            List<JsonNode> items = new ArrayList<>();
            node.forEach(items::add);
            for (int i = 0; i < items.size(); i++) collect(items.get(i), path + "[" + i + "]", out);
        }
    }

    private static String onPath(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(d, program);
            if (Files.isExecutable(candidate)) return candidate.toString();
        }
        return null;
    }
}
