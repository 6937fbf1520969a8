package org.hcasim.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * Every job-file option of fio's HOWTO (as Debian's fio package installs it) gets a definite answer: implemented, or
 * listed in fio-options.txt as without effect, noted, not implemented yet, or meaningless. Skips, saying why, without
 * the HOWTO ({@code apt-get install fio}).
 */
class HowtoCoverageTest {
    private static final Path HOWTO = Path.of("/usr/share/doc/fio/HOWTO.rst.gz");
    private static final Pattern OPTION = Pattern.compile("^\\.\\. option:: (.*)$");

    @Test
    void everyJobOptionOfTheHowtoIsImplementedOrCatalogued() throws Exception {
        assumeTrue(Files.isReadable(HOWTO), "fio's HOWTO is not installed (apt-get install fio): nothing to check against");
        List<String> lines;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(HOWTO))) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        int from = lines.indexOf("Job file parameters");
        int to = lines.indexOf("Running predefined workloads");
        assertThat(from).as("the HOWTO's job parameters section").isPositive();
        assertThat(to).isGreaterThan(from);
        TreeSet<String> unanswered = new TreeSet<>();
        int options = 0;
        for (String line : lines.subList(from, to)) {
            Matcher m = OPTION.matcher(line);
            if (!m.matches()) continue;
            for (String part : m.group(1).split(" : ")[0].split(",")) {
                String name = part.strip().split("=")[0].strip();
                if (!name.matches("[a-z_0-9]+")) continue;
                options++;
                if (!JobOptionsBuilder.SUPPORTED.contains(name) && FioOptionCatalog.kind(name).isEmpty()) unanswered.add(name);
            }
        }
        assertThat(options).as("options found in the HOWTO").isGreaterThan(300);
        assertThat(unanswered).as("HOWTO options neither implemented nor in fio-options.txt").isEmpty();
    }
}
