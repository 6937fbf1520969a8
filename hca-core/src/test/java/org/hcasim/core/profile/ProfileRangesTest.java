package org.hcasim.core.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every number of a profile is checked against its range where it is read (docs/testbed.md): an MTU that is not a
 * RoCE MTU, a link rate near zero or a cost near {@code Long.MAX_VALUE} is a one-line error naming the key, its
 * range and the value, never a run whose event times overflow.
 */
class ProfileRangesTest {

    private static HcaProfile hcaWith(String key, String value) {
        Map<String, String> v = new LinkedHashMap<>(Profiles.hcaValues("connectx5"));
        assertThat(v).containsKey(key);
        v.put(key, value);
        return HcaProfile.fromValues("connectx5", "connectx5 with " + key, v);
    }

    private static HostProfile hostWith(String key, String value) {
        Map<String, String> v = new LinkedHashMap<>(Profiles.hostValues("server-24c"));
        assertThat(v).containsKey(key);
        v.put(key, value);
        return HostProfile.fromValues("server-24c", "server-24c with " + key, v);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "hca.port.mtu-bytes          | 1                    | must be one of 256, 512, 1024, 2048, 4096, got 1",
        "hca.port.mtu-bytes          | 1500                 | must be one of 256, 512, 1024, 2048, 4096, got 1500",
        "hca.port.rate-gbps          | 1e-9                 | must be between 0.1 and 10000.0, got 1.0E-9",
        "hca.port.rate-gbps          | 1e9                  | must be between 0.1 and 10000.0",
        "hca.pcie.gt-per-second      | 0.0000001            | must be between 0.1 and 1000.0",
        "hca.pcie.encoding-efficiency| 2                    | must be between 0.01 and 1.0, got 2.0",
        "hca.pcie.read-latency-ns    | 9223372036854775000  | must be at most 1000000000000 (1000 s as a time)",
        "hca.port.latency-ns         | -5                   | must be >= 0, got -5",
        "hca.pcie.tlp-overhead-bytes | 99999999999          | must be at most 2147483647, got 99999999999",
        "hca.firmware.create-mkey-ns | 9223372036854775807 | must be at most 1000000000000",
        "hca.verbs.max-msg-size      | 9223372036854775807  | must be at most 1000000000000",
    })
    void an_hca_value_out_of_its_range_is_one_line_naming_the_key_and_the_range(String key, String value, String why) {
        assertThatThrownBy(() -> hcaWith(key, value))
                .isInstanceOf(ProfileException.class)
                .hasMessageStartingWith("connectx5 with " + key + ": '" + key + "' " + why.substring(0, 4))
                .hasMessageContaining(why)
                .hasMessageNotContaining("\n");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "host.cores          | 0                    | must be between 1 and 4096, got 0",
        "host.cores          | 2147483647           | must be between 1 and 4096, got 2147483647",
        "host.cost.syscall-ns | 9223372036854775000  | must be at most 1000000000000 (1000 s as a time)",
        "host.cost.syscall-ns | -1                   | must be >= 0, got -1",
    })
    void a_host_value_out_of_its_range_is_one_line_naming_the_key_and_the_range(String key, String value, String why) {
        assertThatThrownBy(() -> hostWith(key, value))
                .isInstanceOf(ProfileException.class)
                .hasMessageContaining("'" + key + "' " + why)
                .hasMessageNotContaining("\n");
    }

    @Test
    void the_scheduling_switches_are_true_or_false_and_not_both_true() {
        Map<String, String> v = new LinkedHashMap<>(Profiles.hostValues("server-24c"));
        v.put(HostProfile.SOFTIRQ_KSOFTIRQD, "yes");
        assertThatThrownBy(() -> HostProfile.fromValues("server-24c", "s", v))
                .isInstanceOf(ProfileException.class)
                .hasMessage("s: 'host.softirq-ksoftirqd' must be true or false, got 'yes'");
        v.put(HostProfile.SOFTIRQ_KSOFTIRQD, "true");
        assertThat(HostProfile.fromValues("server-24c", "s", v).scheduling().softirqKsoftirqd()).isTrue();
        v.put(HostProfile.IRQ_PREEMPTS_THREADS, "true");
        assertThatThrownBy(() -> HostProfile.fromValues("server-24c", "s", v))
                .isInstanceOf(ProfileException.class)
                .hasMessage("s: 'host.irq-preempts-threads' and 'host.softirq-ksoftirqd' cannot both be true");
    }

    @Test
    void the_cpuidle_exit_latency_is_zero_unless_the_profile_sets_it() {
        Map<String, String> v = new LinkedHashMap<>(Profiles.hostValues("server-24c"));
        assertThat(HostProfile.fromValues("server-24c", "s", v).scheduling().cpuidleExitNs()).isZero();
        v.put(HostProfile.CPUIDLE_EXIT_LATENCY, "2000");
        assertThat(HostProfile.fromValues("server-24c", "s", v).scheduling().cpuidleExitNs()).isEqualTo(2000);
        v.put(HostProfile.CPUIDLE_EXIT_LATENCY, "-5");
        assertThatThrownBy(() -> HostProfile.fromValues("server-24c", "s", v))
                .isInstanceOf(ProfileException.class)
                .hasMessage("s: 'host.cpuidle.exit-latency-ns' must be >= 0, got -5");
    }

    @Test
    void poll_batches_are_off_unless_the_profile_turns_them_on_and_take_true_or_false_only() {
        Map<String, String> v = new LinkedHashMap<>(Profiles.hostValues("server-24c"));
        assertThat(HostProfile.fromValues("server-24c", "s", v).scheduling().cqPollBatches()).isFalse();
        v.put(HostProfile.CQ_POLL_BATCHES, "true");
        assertThat(HostProfile.fromValues("server-24c", "s", v).scheduling().cqPollBatches()).isTrue();
        v.put(HostProfile.CQ_POLL_BATCHES, "yes");
        assertThatThrownBy(() -> HostProfile.fromValues("server-24c", "s", v))
                .isInstanceOf(ProfileException.class)
                .hasMessage("s: 'host.cq-poll-batches' must be true or false, got 'yes'");
    }

    @Test
    void a_per_byte_cost_is_bounded_too() {
        Map<String, String> v = new LinkedHashMap<>(Profiles.hostValues("server-24c"));
        String key = v.keySet().stream().filter(k -> k.endsWith("-ns-per-byte")).findFirst().orElseThrow();
        v.put(key, "1e300");
        assertThatThrownBy(() -> HostProfile.fromValues("server-24c", "s", v))
                .isInstanceOf(ProfileException.class)
                .hasMessageContaining("'" + key + "' must be a number between 0 and 1000000, got 1.0E300");
    }

    @Test
    void the_edges_of_the_ranges_are_accepted() {
        assertThat(hcaWith("hca.port.mtu-bytes", "256").params().link().mtuBytes()).isEqualTo(256);
        assertThat(hcaWith("hca.port.rate-gbps", "0.1").params().link().gigabitsPerSecond()).isEqualTo(0.1);
        assertThat(hcaWith("hca.pcie.read-latency-ns", "1000000000000").params().pcie().readLatencyNs())
                .isEqualTo(1_000_000_000_000L);
        assertThat(hostWith("host.cores", "4096").cores()).isEqualTo(4096);
        assertThat(hcaWith("hca.verbs.max-mr-size", "9223372036854775807").params().verbs().attributes(1).maxMrSize())
                .as("a limit, compared with, never added to a time").isEqualTo(Long.MAX_VALUE);
    }
}
