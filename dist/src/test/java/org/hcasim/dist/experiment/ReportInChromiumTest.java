package org.hcasim.dist.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hcasim.dist.cli.HcasimCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated {@code index.html} as a reader's browser shows it: headless Chromium loads it, every image decodes,
 * nothing reaches the console; a screenshot stays in {@code target/report-screenshots/} as a build artifact. Skips,
 * saying why, without Chromium ({@code apt-get install chromium}).
 */
class ReportInChromiumTest {
    /** Runs first in the page: collects errors and, after load, what each image did, into the DOM Chromium dumps. */
    private static final String PROBE = """
            <script>
            window.__errors = [];
            window.addEventListener('error', e => window.__errors.push('error: ' + (e.message || (e.target && e.target.src))), true);
            for (const level of ['error', 'warn']) {
              const original = console[level];
              console[level] = (...args) => { window.__errors.push(level + ': ' + args.join(' ')); original.apply(console, args); };
            }
            window.addEventListener('load', () => {
              const images = [...document.images];
              const out = document.createElement('pre');
              out.id = 'probe';
              out.textContent = 'images=' + images.length
                + ' broken=' + images.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src')).join(',')
                + ' errors=' + window.__errors.join(' | ') + ' end';
              document.body.appendChild(out);
            });
            </script>
            """;

    @TempDir
    Path dir;

    @Test
    void everyImageLoadsWithoutAConsoleError() throws Exception {
        String chromium = onPath("chromium", "chromium-browser", "google-chrome");
        assumeTrue(chromium != null, "Chromium is not installed (apt-get install chromium): the report is not opened in a browser");

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = HcasimCommand.run(new String[] {"reproduce", "toy-queue", "--out", dir.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
        String html = Files.readString(dir.resolve("index.html"));
        Path probed = dir.resolve("probed.html");
        Files.writeString(probed, html.replaceFirst("(?i)<head>", "<head>" + Matcher.quoteReplacement(PROBE)));
        assertThat(Files.readString(probed)).as("the page has a head to put the probe in").contains("window.__errors");

        String dom = chromium(chromium, "--dump-dom", probed.toUri().toString());
        Matcher probe = Pattern.compile("images=(\\d+) broken=(.*?) errors=(.*?) end").matcher(dom);
        assertThat(probe.find()).as("the probe ran after load:\n" + dom).isTrue();
        int images = Integer.parseInt(probe.group(1));
        assertThat(images).as("one image per plot").isEqualTo(countOf(html, "<img "));
        assertThat(images).isPositive();
        assertThat(probe.group(2)).as("images that did not load").isEmpty();
        assertThat(probe.group(3)).as("console errors").isEmpty();

        Path shots = Path.of("target", "report-screenshots");
        Files.createDirectories(shots);
        Path shot = shots.resolve("toy-queue-index.png").toAbsolutePath();
        Files.deleteIfExists(shot);
        chromium(chromium, "--screenshot=" + shot, "--window-size=1280,2400", dir.resolve("index.html").toUri().toString());
        assertThat(shot).isNotEmptyFile();
    }

    private String chromium(String program, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(program, "--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--user-data-dir=" + dir.resolve("profile"), "--allow-file-access-from-files"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectError(dir.resolve("chromium.err").toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish in 120 s: " + command);
        }
        assertThat(p.exitValue()).as("chromium " + command + ": " + Files.readString(dir.resolve("chromium.err"))).isZero();
        return out;
    }

    private static int countOf(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) n++;
        return n;
    }

    private static String onPath(String... programs) {
        for (String program : programs) {
            for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                Path candidate = Path.of(d, program);
                if (Files.isExecutable(candidate)) return candidate.toString();
            }
        }
        return null;
    }
}
