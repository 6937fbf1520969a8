package org.hcasim.dist;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.hcasim.core.plugin.UlpDiscovery;
import org.hcasim.dist.cli.HcasimCommand;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example third-party plugin ({@code examples/ulp-example}): compiled against hcasim's API as its own pom
 * builds it, installed in the {@code ulp/example/} folder of a distribution, it is listed by {@code hcasim ulps},
 * and selecting each of its policies with {@code --set} changes what a fio run measures.
 */
class ExamplePluginTest {
    private static final Path EXAMPLE = Path.of("..", "examples", "ulp-example");
    private static final String JOB = """
            [global]
            ioengine=nvmeof
            direct=1
            rw=randread
            iodepth=32
            runtime=3ms
            time_based
            ramp_time=1ms
            group_reporting
            [randread]
            numjobs=2
            cpus_allowed=0-1
            """;

    @TempDir
    static Path home;
    private static String previousHome;
    private static Path jobFile;

    @BeforeAll
    static void installTheExampleInADistributionsUlpFolder() throws IOException {
        Path folder = Files.createDirectories(home.resolve("ulp").resolve("example"));
        buildJar(folder.resolve("ulp-example-1.0.jar"));
        jobFile = Files.writeString(home.resolve("randread.fio"), JOB);
        previousHome = System.getProperty(UlpDiscovery.HOME_PROPERTY);
        System.setProperty(UlpDiscovery.HOME_PROPERTY, home.toString());
    }

    @AfterAll
    static void restoreHome() {
        if (previousHome == null) {
            System.clearProperty(UlpDiscovery.HOME_PROPERTY);
        } else {
            System.setProperty(UlpDiscovery.HOME_PROPERTY, previousHome);
        }
    }

    /** javac over the example's sources against the API this test runs with, plus its resources, as one jar. */
    private static void buildJar(Path jar) throws IOException {
        Path classes = Files.createDirectories(home.resolve("example-classes"));
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-classpath",
                System.getProperty("java.class.path"), "-proc:none", "-Xlint:none"));
        try (Stream<Path> sources = Files.walk(EXAMPLE.resolve("src/main/java"))) {
            sources.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
        }
        assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new)))
                .as("the example plugin compiles against verbs-api").isZero();
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Path root : List.of(classes, EXAMPLE.resolve("src/main/resources"))) {
                try (Stream<Path> files = Files.walk(root)) {
                    for (Path f : files.filter(Files::isRegularFile).toList()) {
                        out.putNextEntry(new JarEntry(root.relativize(f).toString().replace('\\', '/')));
                        Files.copy(f, out);
                    }
                }
            }
        }
    }

    private static String hcasim(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = HcasimCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).as(String.join(" ", args) + ": " + err.toString(StandardCharsets.UTF_8)).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }

    private static JsonNode fio(String... settings) throws IOException {
        List<String> args = new ArrayList<>(List.of("fio", "--output-format=json"));
        for (String s : settings) {
            args.add("--set");
            args.add(s);
        }
        args.add(jobFile.toString());
        return new ObjectMapper().readTree(hcasim(args.toArray(String[]::new))).path("jobs").get(0);
    }

    @Test
    void hcasim_ulps_lists_the_example_with_its_folder_and_policies() {
        String ulps = hcasim("ulps");

        assertThat(ulps).containsPattern("(?m)^example +example policies")
                .contains("cq-policies=example-adaptive-count", "registration-policies=example-register-large")
                .contains("loaded from: " + home.resolve("ulp").resolve("example"));
    }

    @Test
    void its_cq_moderator_changes_what_a_fio_run_measures() throws IOException {
        JsonNode fixed = fio("nvmeof.host.cq-policy=fixed");
        JsonNode adaptive = fio("nvmeof.host.cq-policy=example-adaptive-count");

        assertThat(adaptive.path("error").asInt()).isZero();
        assertThat(adaptive.path("read").path("clat_ns").path("mean").asDouble())
                .isNotEqualTo(fixed.path("read").path("clat_ns").path("mean").asDouble());
    }

    @Test
    void its_registration_policy_changes_what_a_fio_run_measures() throws IOException {
        JsonNode always = fio("nvmeof.host.registration-policy=register-always");
        JsonNode large = fio("nvmeof.host.registration-policy=example-register-large");

        assertThat(large.path("error").asInt()).isZero();
        assertThat(large.path("read").path("iops").asDouble()).isNotEqualTo(always.path("read").path("iops").asDouble());
    }
}
