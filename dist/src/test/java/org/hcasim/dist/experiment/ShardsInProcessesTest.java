package org.hcasim.dist.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hcasim.dist.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three shards of a sweep and of a reproduce run as three separate JVMs (as on three machines), merged, equal one
 * unsharded run byte for byte: stdout and every file of --out (CSV, JSON, text, plots, index.html, the record).
 * The sweep's points simulate fio over NVMe-oF, so this also checks that a point's result depends on its seed alone,
 * not on which other points ran before it in the same JVM. Each JVM runs without the class-data archive
 * ({@code -Xshare:off}), so each draws its own hash salt and an output that follows {@code Map.of}'s order would differ.
 */
class ShardsInProcessesTest {
    @TempDir
    Path dir;

    /** hcasim in a JVM of its own, on this test's class path (with the test experiments), as the launcher starts it. */
    private CliRun process(String... args) throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dguice_bytecode_gen_option=DISABLED", "-Djava.awt.headless=true", "-XX:TieredStopAtLevel=1", "-Xshare:off",
                "-cp", cp, "org.hcasim.dist.cli.HcasimCommand"));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("hcasim " + String.join(" ", args) + " finished").isTrue();
        return new CliRun(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    private void threeShardsEqualOneRun(String name, List<String> run, String format) throws Exception {
        Path whole = dir.resolve(name + "-whole");
        List<String> a = new ArrayList<>(run);
        a.addAll(List.of("--format", format, "--out", whole.toString()));
        CliRun single = process(a.toArray(String[]::new));
        assertThat(single.exit()).as(single.err()).isZero();
        List<String> merge = new ArrayList<>(List.of("merge", "--format", format, "--out", dir.resolve(name + "-merged").toString()));
        for (int k = 1; k <= 3; k++) {
            Path shard = dir.resolve(name + "-shard" + k);
            List<String> s = new ArrayList<>(run);
            s.addAll(List.of("--format", format, "--shard", k + "/3", "--out", shard.toString()));
            CliRun r = process(s.toArray(String[]::new));
            assertThat(r.exit()).as(r.err()).isZero();
            merge.add(shard.toString());
        }
        CliRun merged = process(merge.toArray(String[]::new));
        assertThat(merged.exit()).as(merged.err()).isZero();
        assertThat(merged.out()).isEqualTo(single.out());
        MergeCommandTest.assertSameFiles(whole, dir.resolve(name + "-merged"));
    }

    @Test
    void aSweepOfFioRunsInThreeShards() throws Exception {
        Path job = dir.resolve("rr.fio");
        Files.writeString(job, "[global]\nioengine=nvmeof\nrw=randread\ntime_based\nruntime=300us\n[rr]\n");
        threeShardsEqualOneRun("sweep", List.of("sweep", job.toString(), "--axis", "bs=4k,16k,64k", "--axis", "iodepth=1,8",
                "--jobs", "1"), "json");
    }

    @Test
    void aReproductionInThreeShards() throws Exception {
        threeShardsEqualOneRun("reproduce", List.of("reproduce", "toy-queue", "--jobs", "1"), "csv");
    }
}
