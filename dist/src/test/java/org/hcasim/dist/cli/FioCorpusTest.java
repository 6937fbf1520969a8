package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Job files and command lines in the shapes users write them (the fio-corpus resource directory, its README says
 * how a file states what it must do): each runs, or ends with the one-line error its header names.
 */
class FioCorpusTest {
    @TempDir
    Path dir;

    /** What a corpus file's header asks of its run. */
    record Expectation(String error, List<String> sets, List<String> notes) {
        boolean runs() {
            return error == null;
        }

        static Expectation of(List<String> lines, Path file) {
            String error = null;
            boolean said = false;
            List<String> sets = new ArrayList<>();
            List<String> notes = new ArrayList<>();
            for (String line : lines) {
                if (!line.startsWith(";")) break;
                String text = line.substring(1).strip();
                if (text.equals("expect: runs")) {
                    said = true;
                } else if (text.startsWith("expect: error ")) {
                    said = true;
                    error = text.substring("expect: error ".length());
                } else if (text.startsWith("set: ")) {
                    sets.add(text.substring("set: ".length()));
                } else if (text.startsWith("note: ")) {
                    notes.add(text.substring("note: ".length()));
                }
            }
            if (!said) throw new IllegalStateException(file + ": the first lines say no '; expect:'");
            return new Expectation(error, sets, notes);
        }
    }

    static Stream<String> corpus() throws IOException, URISyntaxException {
        Path root = Path.of(FioCorpusTest.class.getResource("/org/hcasim/dist/fio-corpus").toURI());
        try (Stream<Path> files = Files.list(root)) {
            List<String> names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".fio") || n.endsWith(".args"))
                    .sorted().toList();
            assertThat(names).as("the corpus").hasSizeGreaterThan(20);
            return names.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void runsOrEndsWithTheOneLineErrorItNames(String name) throws Exception {
        Path source = Path.of(FioCorpusTest.class.getResource("/org/hcasim/dist/fio-corpus/" + name).toURI());
        String text = Files.readString(source).replace("@DIR@", dir.toString());
        List<String> lines = text.lines().toList();
        Expectation expect = Expectation.of(lines, source);

        List<String> args = new ArrayList<>(List.of("fio"));
        for (String set : expect.sets()) args.addAll(List.of("--set", set));
        if (name.endsWith(".args")) {
            lines.stream().filter(l -> !l.startsWith(";") && !l.isBlank()).map(String::strip).forEach(args::add);
        } else {
            Path job = dir.resolve(name);
            Files.writeString(job, text);
            args.add(job.toString());
        }

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = HcasimCommand.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String stderr = err.toString(StandardCharsets.UTF_8);
        String stdout = out.toString(StandardCharsets.UTF_8);

        if (expect.runs()) {
            assertThat(exit).as(name + " exits 0; stderr: " + stderr).isZero();
            assertThat(stdout).as(name).contains("Run status group 0");
            List<String> errLines = stderr.lines().toList();
            assertThat(errLines).as(name + ": stderr has only notes").allMatch(l -> l.startsWith("note: "));
            for (String note : expect.notes()) {
                assertThat(errLines).as(name + ": a note containing '" + note + "'").anyMatch(l -> l.contains(note));
            }
        } else {
            assertThat(exit).as(name + " is refused").isEqualTo(HcasimCommand.USER_ERROR);
            assertThat(stderr.lines().filter(l -> !l.startsWith("note: ")).toList()).as(name + ": one error line")
                    .singleElement().satisfies(l -> assertThat(l).startsWith("hcasim fio: ").contains(expect.error()));
        }
    }
}
