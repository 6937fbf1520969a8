package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.hcasim.core.config.ConfigException;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

class HcasimCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Command(name = "fails-for-user")
    static final class FailsForUser implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new ConfigException("sim.seed = 'x' (from --set) is not an integer");
        }
    }

    @Command(name = "plugin-refuses-setting")
    static final class PluginRefusesSetting implements Callable<Integer> {
        @Override
        public Integer call() {
            // as a plugin throws it from inside Guice provisioning
            throw new RuntimeException("wrapped", new org.hcasim.spi.InvalidSettingException(
                    "nvmeof.host.queue-size", "8", "must be in 16..1024"));
        }
    }

    @Command(name = "has-a-bug")
    static final class HasABug implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new IllegalStateException("queue underflow");
        }
    }

    private int run(String... args) {
        CommandLine cl = HcasimCommand.commandLine(
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                new FailsForUser(), new HasABug(), new PluginRefusesSetting());
        return cl.execute(args);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void version_names_the_project_version() {
        assertThat(run("--version")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("hcasim " + HcasimVersion.version());
        assertThat(HcasimVersion.version()).isNotEqualTo("unknown").doesNotContain("${");
    }

    @Test
    void help_lists_usage() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Usage: hcasim").contains("--version");
    }

    @Test
    void a_user_error_is_one_line_on_stderr_and_exit_code_1() {
        assertThat(run("fails-for-user")).isEqualTo(HcasimCommand.USER_ERROR);
        assertThat(stderr().lines()).containsExactly("hcasim fails-for-user: sim.seed = 'x' (from --set) is not an integer");
    }

    @Test
    void a_setting_a_plugin_refuses_is_a_one_line_user_error() {
        assertThat(run("plugin-refuses-setting")).isEqualTo(HcasimCommand.USER_ERROR);
        assertThat(stderr().lines()).containsExactly("hcasim plugin-refuses-setting: nvmeof.host.queue-size = 8: must be in 16..1024");
    }

    @Test
    void debug_adds_the_stack_trace() {
        assertThat(run("fails-for-user", "--debug")).isEqualTo(HcasimCommand.USER_ERROR);
        assertThat(stderr().lines().count()).isGreaterThan(1);
        assertThat(stderr()).contains("at org.hcasim.dist.cli.HcasimCommandTest");
    }

    @Test
    void a_bug_is_reported_as_internal_error_in_one_line() {
        assertThat(run("has-a-bug")).isEqualTo(HcasimCommand.INTERNAL_ERROR);
        assertThat(stderr().lines()).singleElement().asString()
                .contains("internal error", "queue underflow", "--debug");
    }

    /** A plugin tool that echoes its arguments, like rds-stress would parse them. */
    static class EchoTool implements org.hcasim.spi.UlpTool {
        @Override
        public String name() {
            return "echo-stress";
        }

        @Override
        public String description() {
            return "echoes its arguments";
        }

        @Override
        public int run(java.util.List<String> args, PrintStream out, PrintStream err) {
            out.println(String.join(" ", args));
            return args.isEmpty() ? 3 : 0;
        }
    }

    private int runWithTool(org.hcasim.spi.UlpTool tool, String... args) {
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        return HcasimCommand.commandLine(o, e, UlpToolCommand.of(tool, "fake", o, e)).execute(args);
    }

    @Test
    void a_plugin_tool_is_a_subcommand_that_gets_its_arguments_untouched_and_sets_the_exit_code() {
        assertThat(runWithTool(new EchoTool(), "echo-stress", "-q", "1024", "--depth=4", "peer")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("-q 1024 --depth=4 peer" + System.lineSeparator());

        assertThat(runWithTool(new EchoTool(), "echo-stress")).isEqualTo(3);
    }

    @Test
    void a_plugin_tool_is_listed_in_help_with_its_plugin() {
        assertThat(runWithTool(new EchoTool(), "--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("echo-stress", "echoes its arguments (from plugin fake)");
    }

    @Test
    void a_plugin_tool_may_not_take_the_name_of_a_builtin_command() {
        var clash = new EchoTool() {
            @Override
            public String name() {
                return "config";
            }
        };
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> runWithTool(clash, "config"))
                .isInstanceOf(org.hcasim.core.plugin.PluginException.class)
                .hasMessage("a plugin tool is named 'config', which is already an hcasim command");
    }

    @Test
    void an_unknown_option_is_one_line_and_exit_code_2() {
        assertThat(run("--no-such-option")).isEqualTo(HcasimCommand.USAGE_ERROR);
        assertThat(stderr().lines()).singleElement().asString().contains("--no-such-option");
    }
}
