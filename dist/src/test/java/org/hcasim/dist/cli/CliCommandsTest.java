package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ulps and config commands as a user sees them (the four plugins are on the test class path). */
class CliCommandsTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int hcasim(String... args) {
        return HcasimCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void ulps_lists_the_four_plugins_with_description_contributions_and_origin() {
        assertThat(hcasim("ulps")).isZero();

        assertThat(stdout().lines().skip(6).filter(l -> !l.startsWith(" ")).map(l -> l.split(" ")[0]))
                .containsExactly("iser", "nvmeof", "rds", "srp");
        assertThat(stdout()).contains("NVMe over Fabrics on RDMA", "contributes: ", "loaded from: class path");
    }

    @Test
    void ulps_lists_the_built_in_policies_by_kind_and_each_plugins_policy_keys_by_role() {
        assertThat(hcasim("ulps")).isZero();

        assertThat(stdout().lines().limit(6)).containsExactly(
                "built-in policies (any role may choose them; plugins add their own):",
                "  registration-policy: global-key-single-segment, klm-only, mtt-first, pa-first, register-always",
                "  cq-policy: fixed",
                "  srq-policy: none, per-device, per-vector",
                "engine policies (chosen by the HCA profile's key, not by a role):",
                "  hca.mr-cache.policy: search-larger, strict");
        assertThat(stdout()).containsPattern("policies by role: host: registration-policy = \\(derived from other keys, "
                + "see config --doc\\), cq-policy = fixed; target: srq-policy = .*, cq-policy = fixed");
    }

    @Test
    void config_doc_lists_the_choices_under_each_policy_key() {
        assertThat(hcasim("config", "--doc")).isZero();

        assertThat(stdout()).containsPattern("(?m)^#   CQ policies to choose from:\\R^#     fixed \\(built in\\): .*\\R"
                + "^nvmeof\\.host\\.cq-policy = fixed");
        assertThat(stdout()).containsPattern("(?m)^#     per-vector \\(built in\\): .*\\R^nvmeof\\.target\\.srq-policy = ");
        assertThat(stdout()).containsPattern("(?m)^#   MR cache policies to choose from:\\R^#     search-larger \\(built in\\): .*"
                + "\\R^#     strict \\(built in\\): .*\\R^hca\\.mr-cache\\.policy = strict ");
    }

    @Test
    void config_prints_every_key_with_value_and_source_layer() {
        assertThat(hcasim("config", "--set", "nvmeof.host.queue-size=64")).isZero();

        assertThat(stdout()).containsPattern("(?m)^nvmeof\\.host\\.queue-size = 64 +\\(--set\\)$");
        assertThat(stdout()).containsPattern("(?m)^nvmeof\\.target\\.srq-size = 1024 +\\(ulp nvmeof defaults\\)$");
        assertThat(stdout()).containsPattern("(?m)^sim\\.seed = \\S+ +\\(built-in defaults\\)$");
        assertThat(stderr()).isEmpty();
    }

    @Test
    void config_doc_shows_the_documentation_of_plugin_keys() {
        assertThat(hcasim("config", "--doc")).isZero();
        assertThat(stdout()).containsPattern("(?m)^# .*nvmet-rdma srq_size.*\\R^nvmeof\\.target\\.srq-size = 1024");
    }

    @Test
    void config_doc_shows_the_comments_of_the_profiles_keys() {
        assertThat(hcasim("config", "--doc", "--set", "hca.profile=connectx4")).isZero();
        assertThat(stdout()).containsPattern("(?m)^# RoCE path MTU: .*\\R^hca\\.port\\.mtu-bytes = 1024 +\\(hca profile connectx4\\)$");
        assertThat(stdout()).containsPattern("(?m)^# .*DDIO.*\\R^host\\.cost\\.llc-pollution-ns-per-byte = ");
    }

    @Test
    void a_testbed_file_is_a_layer_between_plugin_defaults_and_set(@TempDir Path dir) throws IOException {
        Path testbed = Files.writeString(dir.resolve("tb.properties"), "rds.ib.send-wrs = 128\nsim.seed = 5\n");
        assertThat(hcasim("config", "--testbed", testbed.toString(), "--set", "sim.seed=6")).isZero();

        assertThat(stdout()).containsPattern("(?m)^rds\\.ib\\.send-wrs = 128 +\\(testbed " + Pattern.quote(testbed.toString()) + "\\)$");
        assertThat(stdout()).containsPattern("(?m)^sim\\.seed = 6 +\\(--set\\)$");
    }

    @Test
    void an_unknown_key_is_one_line_naming_it_and_the_closest_known_key() {
        assertThat(hcasim("config", "--set", "nvmeof.no-such-key=1")).isEqualTo(HcasimCommand.USER_ERROR);

        assertThat(stdout()).isEmpty();
        assertThat(stderr().lines()).singleElement().asString()
                .startsWith("hcasim config: unknown configuration key nvmeof.no-such-key (from --set), did you mean nvmeof.");
    }

    @Test
    void a_set_without_equals_sign_is_one_line() {
        assertThat(hcasim("config", "--set", "sim.seed")).isEqualTo(HcasimCommand.USER_ERROR);
        assertThat(stderr().lines()).containsExactly("hcasim config: --set expects key=value, got 'sim.seed'");
    }

    @Test
    void a_missing_testbed_file_is_one_line() {
        assertThat(hcasim("config", "--testbed", "no/such.properties")).isEqualTo(HcasimCommand.USER_ERROR);
        assertThat(stderr().lines()).singleElement().asString().contains("no/such.properties", "does not exist");
    }

    private static final class Pattern {
        static String quote(String s) {
            return java.util.regex.Pattern.quote(s);
        }
    }

    @Test
    void a_set_value_that_does_not_have_its_keys_shape_is_refused_by_every_command() {
        assertThat(hcasim("config", "--set", "nvmeof.host.queue-size=abc")).isEqualTo(1);
        assertThat(stderr().lines()).containsExactly(
                "hcasim config: nvmeof.host.queue-size = 'abc' (from --set) is not a number");
    }

    @Test
    void an_include_line_in_a_testbed_file_is_an_error_not_dropped(@TempDir Path dir) throws IOException {
        Path testbed = Files.writeString(dir.resolve("tb.properties"), "testbed.target.cores = 4\ninclude = other.properties\n");
        assertThat(hcasim("config", "--testbed", testbed.toString())).isEqualTo(1);
        assertThat(stderr().lines()).singleElement().asString()
                .contains("line 2", "include is not supported");
    }

    @Test
    void a_device_given_as_a_testbed_or_job_file_is_a_one_line_error_not_a_hang() {
        assertThat(hcasim("config", "--testbed", "/dev/zero")).isEqualTo(1);
        assertThat(stderr().lines()).containsExactly(
                "hcasim config: testbed file /dev/zero is not a regular file (a device, socket or pipe)");
        err.reset();
        assertThat(hcasim("fio", "/dev/zero")).isEqualTo(1);
        assertThat(stderr().lines()).containsExactly(
                "hcasim fio: job file /dev/zero is not a regular file (a device, socket or pipe)");
    }

    @Test
    void output_that_cannot_be_written_is_an_error_not_exit_zero() {
        PrintStream broken = new PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }
        }, true, StandardCharsets.UTF_8);
        int code = HcasimCommand.run(new String[] {"ulps"}, broken, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(1);
        assertThat(stderr().lines()).containsExactly(
                "hcasim: writing standard output failed (disk full or output closed): the report is incomplete");
    }
}
