package org.hcasim.ulp.rds.stress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** rds-stress's command line: getopt_long's forms, size suffixes, and one-line errors for bad options. */
class RdsStressOptionsTest {

    private static RdsStressOptions parse(String... args) {
        return RdsStressOptions.parse(List.of(args));
    }

    @Test
    void the_issues_example_sets_sizes_tasks_depth_time_and_cpu_reporting() {
        RdsStressOptions o = parse("-q", "8448", "-a", "256", "-t", "4", "-d", "4", "-T", "2", "-c");
        assertThat(o.reqBytes()).isEqualTo(8448);
        assertThat(o.ackBytes()).isEqualTo(256);
        assertThat(o.tasks()).isEqualTo(4);
        assertThat(o.depth()).isEqualTo(4);
        assertThat(o.seconds()).isEqualTo(2);
        assertThat(o.reportCpu()).isTrue();
        assertThat(o.summaryOnly()).isFalse();
        assertThat(o.qps()).isEqualTo(1);
    }

    @Test
    void long_options_take_their_value_after_a_space_or_an_equals_sign() {
        RdsStressOptions o = parse("--req-bytes=1K", "--ack-bytes", "2k", "--tasks=3", "--depth", "5", "--time=7",
                "--report-cpu", "--verify", "--one-way", "--summary-only", "--show-perfdata", "--json", "--qps=16");
        assertThat(o.reqBytes()).isEqualTo(1024);
        assertThat(o.ackBytes()).isEqualTo(2048);
        assertThat(o.tasks()).isEqualTo(3);
        assertThat(o.depth()).isEqualTo(5);
        assertThat(o.seconds()).isEqualTo(7);
        assertThat(o.reportCpu() && o.verify() && o.oneWay() && o.summaryOnly() && o.showPerfdata() && o.json()).isTrue();
        assertThat(o.qps()).isEqualTo(16);
    }

    @Test
    void instances_run_side_by_side_each_with_its_tasks_and_its_connections() {
        RdsStressOptions o = parse("--instances", "8", "-t", "2", "--qps=3");
        assertThat(o.instances()).isEqualTo(8);
        assertThat(o.totalTasks()).isEqualTo(16);
        assertThat(o.connections()).isEqualTo(24);
        assertThat(parse("--instances=64").connections()).isEqualTo(64);
        assertThat(parse().instances()).isEqualTo(1);
    }

    @Test
    void short_options_take_a_glued_value_and_flags_group() {
        RdsStressOptions o = parse("-q8448", "-t2", "-zcov");
        assertThat(o.reqBytes()).isEqualTo(8448);
        assertThat(o.tasks()).isEqualTo(2);
        assertThat(o.summaryOnly() && o.reportCpu() && o.oneWay() && o.verify()).isTrue();
    }

    @Test
    void sizes_take_k_m_and_g_suffixes_as_powers_of_1024() {
        assertThat(RdsStressOptions.size("-q", "4K")).isEqualTo(4096);
        assertThat(RdsStressOptions.size("-q", "1m")).isEqualTo(1 << 20);
        assertThat(RdsStressOptions.size("-D", "2G")).isEqualTo(2L << 30);
        assertThat(RdsStressOptions.size("-q", "8448")).isEqualTo(8448);
    }

    @Property
    void any_count_of_kibibytes_parses_to_that_many_times_1024(@ForAll @IntRange(min = 1, max = 1024) int k) {
        assertThat(parse("-q", k + "K").reqBytes()).isEqualTo(k * 1024L);
    }

    @Test
    void without_options_the_defaults_are_rds_stresses() {
        RdsStressOptions o = parse();
        assertThat(o).isEqualTo(RdsStressOptions.defaults());
        assertThat(o.tasks()).isEqualTo(1);
        assertThat(o.depth()).isEqualTo(1);
    }

    @Test
    void bad_options_are_one_line_errors_naming_the_option() {
        assertError(List.of("-x"), "unknown option -x");
        assertError(List.of("--frobnicate"), "unknown option --frobnicate");
        assertError(List.of("-q"), "option -q needs a value");
        assertError(List.of("-q", "12x"), "option -q: '12x' is not a number of bytes");
        assertError(List.of("-q", "2M"), "outside 1..1048576");
        assertError(List.of("-t", "0"), "option -t: 0 is outside 1..512");
        assertError(List.of("-d", "-3"), "option -d: '-3' is not a number of bytes");
        assertError(List.of("--report-cpu=yes"), "option --report-cpu takes no value");
        assertError(List.of("-zq"), "option -q needs a value and cannot be grouped");
        assertError(List.of("extra"), "unexpected argument 'extra'");
        assertError(List.of("-D", "64k"), "option -D: RDMA transfers");
        assertError(List.of("--instances", "0"), "option --instances: 0 is outside 1..128");
        assertError(List.of("--instances"), "option --instances needs a value");
        assertError(List.of("--instances=many"), "option --instances: 'many' is not a number");
        assertError(List.of("--instances", "128", "--qps", "16"), "ask for 2048 connections between the hosts; at most 1024");
        assertError(List.of("--instances", "64", "-t", "16", "--qps", "16"), "need ports up to");
    }

    @Test
    void help_is_asked_for_with_h_or_help() {
        assertThatThrownBy(() -> parse("--help")).isInstanceOf(RdsStressOptions.HelpRequested.class);
        assertThatThrownBy(() -> parse("-h")).isInstanceOf(RdsStressOptions.HelpRequested.class);
        assertThat(RdsStressOptions.usage()).contains("-q, --req-bytes").contains("--qps").contains("--instances");
    }

    private static void assertError(List<String> args, String message) {
        assertThatThrownBy(() -> RdsStressOptions.parse(args)).as(String.join(" ", args))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
