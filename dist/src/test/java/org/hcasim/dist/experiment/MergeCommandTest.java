package org.hcasim.dist.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.dist.CliRun.hcasim;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.hcasim.dist.CliRun;
import org.hcasim.dist.experiment.shard.ShardRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hcasim merge} in this process: shards merged equal the whole run; what cannot be merged is refused in one line. */
class MergeCommandTest {
    @TempDir
    Path dir;

    private List<Path> shards(int n, String... extra) {
        List<Path> dirs = new ArrayList<>();
        for (int k = 1; k <= n; k++) {
            Path d = dir.resolve("shard" + k + "of" + n + String.join("", extra).replaceAll("[^a-z0-9]", ""));
            List<String> a = new ArrayList<>(List.of("reproduce", "toy-queue", "--shard", k + "/" + n, "--out", d.toString()));
            a.addAll(List.of(extra));
            CliRun r = hcasim(a.toArray(String[]::new));
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.err()).contains("reproduce: shard " + k + "/" + n + " (--shard " + k + "/" + n + ")");
            dirs.add(d);
        }
        return dirs;
    }

    private CliRun merge(Path out, List<Path> shards) {
        List<String> a = new ArrayList<>(List.of("merge", "--out", out.toString()));
        shards.forEach(s -> a.add(s.toString()));
        return hcasim(a.toArray(String[]::new));
    }

    @Test
    void threeShardsMergedInAnyOrderAreTheWholeRunFileForFile() throws Exception {
        Path whole = dir.resolve("whole");
        CliRun single = hcasim("reproduce", "toy-queue", "--out", whole.toString());
        assertThat(single.exit()).as(single.err()).isZero();
        List<Path> shards = shards(3);
        Path merged = dir.resolve("merged");
        CliRun m = merge(merged, List.of(shards.get(2), shards.get(0), shards.get(1)));
        assertThat(m.exit()).as(m.err()).isZero();
        assertThat(m.out()).isEqualTo(single.out());
        assertSameFiles(whole, merged);
        // a shard's own outputs hold only its points
        assertThat(Files.readString(shards.get(0).resolve("toy-queue.txt"))).isNotEqualTo(Files.readString(whole.resolve("toy-queue.txt")));
    }

    static void assertSameFiles(Path expected, Path actual) throws Exception {
        List<String> names;
        try (Stream<Path> s = Files.list(expected)) {
            names = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        try (Stream<Path> s = Files.list(actual)) {
            assertThat(s.map(p -> p.getFileName().toString()).sorted().toList()).isEqualTo(names);
        }
        assertThat(names).contains(ShardRecord.FILE, "index.html");
        for (String n : names) {
            if (n.endsWith(".png")) {
                assertThat(Files.readAllBytes(actual.resolve(n))).as(n).isEqualTo(Files.readAllBytes(expected.resolve(n)));
            } else { // text: a readable difference when they differ, and a byte-for-byte one for the exact bytes
                assertThat(Files.readString(actual.resolve(n))).as(n).isEqualTo(Files.readString(expected.resolve(n)));
                assertThat(Files.mismatch(actual.resolve(n), expected.resolve(n))).as(n).isEqualTo(-1L);
            }
        }
    }

    @Test
    void aMissingShardIsNamed() {
        List<Path> shards = shards(3);
        CliRun m = merge(dir.resolve("m"), List.of(shards.get(0), shards.get(2)));
        assertThat(m.exit()).isEqualTo(1);
        assertThat(m.err().strip()).doesNotContain("\n").contains("shard 2/3 missing");
    }

    @Test
    void aShardGivenTwiceIsNamedWithBothDirectories() {
        List<Path> shards = shards(2);
        CliRun m = merge(dir.resolve("m"), List.of(shards.get(0), shards.get(1), shards.get(0)));
        assertThat(m.exit()).isEqualTo(1);
        assertThat(m.err().strip()).doesNotContain("\n").contains("shard 1/2 is given twice");
    }

    @Test
    void shardsOfDifferentCountsOptionsGridsOrVersionsAreRefused() throws Exception {
        Path a = shards(2).get(0);
        Path b = shards(3).get(1);
        assertThat(merge(dir.resolve("m1"), List.of(a, b)).err()).contains("is shard 2/3 but").contains("is shard 1/2");

        Path other = shards(2, "--set", "toy.unused=1").get(1);
        assertThat(merge(dir.resolve("m2"), List.of(a, other)).err()).contains("ran different set");

        Path grid = shards(2, "--axis", "bs=512,4096").get(1);
        assertThat(merge(dir.resolve("m3"), List.of(a, grid)).err()).contains("ran different grids of toy-queue");

        Path later = shards(2).get(1);
        Path record = later.resolve(ShardRecord.FILE);
        Files.writeString(record, Files.readString(record).replaceFirst("\"hcasim_version\" : \"[^\"]*\"", "\"hcasim_version\" : \"9.9\""));
        CliRun v = merge(dir.resolve("m4"), List.of(a, later));
        assertThat(v.exit()).isEqualTo(1);
        assertThat(v.err()).contains("by hcasim 9.9").contains("same version");
    }

    @Test
    void aDirectoryWithoutARecordOrWithABrokenOneIsOneLine() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        CliRun r = hcasim("merge", empty.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().strip()).doesNotContain("\n").contains("no hcasim-shard.json");
        Files.writeString(empty.resolve(ShardRecord.FILE), "{\"format\": 1}");
        assertThat(hcasim("merge", empty.toString()).err()).contains("hcasim-shard.json: no 'shard'");
        Files.writeString(empty.resolve(ShardRecord.FILE), "{\"format\": 7}");
        assertThat(hcasim("merge", empty.toString()).err()).contains("format 7, this hcasim reads format 1");
    }
}
