package org.hcasim.core.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.hcasim.block.Backstore;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.PiType;
import org.hcasim.core.config.ConfigException;
import org.hcasim.core.config.ConfigLoader;
import org.junit.jupiter.api.Test;

class BlockTestbedSpecTest {

    private static BlockTestbedSpec spec(Map<String, String> settings) {
        return BlockTestbedSpec.from(new ConfigLoader().commandLine(settings).load());
    }

    @Test
    void builtInDefaultIsTwoHostsAndANullNamespace() {
        BlockTestbedSpec s = spec(Map.of());
        assertThat(s.initiatorHost()).isEqualTo("initiator");
        assertThat(s.targetHost()).isEqualTo("target");
        assertThat(s.initiatorCores()).as("host.profile server-24c").isEqualTo(24);
        assertThat(s.hca().name()).isEqualTo("connectx5");
        assertThat(s.initiatorCosts().ns("irq-entry")).as("from the profile").isEqualTo(
                org.hcasim.core.profile.Profiles.host("server-24c").costs().ns("irq-entry"));
        assertThat(s.initiatorCosts().ns("fio-io")).as("built-in, not in the profile").isEqualTo(200);
        assertThat(s.initiatorCosts().ns("syscall")).isPositive();
        assertThat(s.ulps()).isEmpty();
        assertThat(s.namespaces()).isEqualTo(1);
        assertThat(s.namespace(0).backstore()).isEqualTo(Backstore.NULL);
        assertThat(s.namespace(0).capacityBytes()).isEqualTo(1L << 40);
        assertThat(s.namespace(0).format()).isEqualTo(BlockFormat.B512);
        assertThat(s.namespace(0).latencyNs()).isZero();
    }

    @Test
    void piFormatsAndBackstoresAreConfigured() {
        BlockTestbedSpec s = spec(Map.of("testbed.target.format", "4096+8", "testbed.target.pi", "type3",
                "testbed.target.backstore", "ram", "testbed.target.namespaces", "2", "testbed.target.latency", "10us",
                "testbed.target.namespace-size", "1g"));
        assertThat(s.namespace(1).name()).isEqualTo("ns2");
        assertThat(s.namespace(1).format()).isEqualTo(new BlockFormat(4096, 8, PiType.TYPE3));
        assertThat(s.namespace(1).backstore()).isEqualTo(Backstore.RAM);
        assertThat(s.namespace(1).latencyNs()).isEqualTo(10_000);
    }

    @Test
    void hostsTakeCoresAndCostsFromTheirProfilesWithOverridesOnTop() {
        BlockTestbedSpec s = spec(Map.of("testbed.initiator.profile", "initiator-48c", "host.profile", "server-24c",
                "host.cost.fio-io-ns", "333", "testbed.target.cores", "6"));
        assertThat(s.initiatorCores()).isEqualTo(48);
        assertThat(s.targetCores()).isEqualTo(6);
        assertThat(s.initiatorCosts().ns("fio-io")).isEqualTo(333);
        assertThat(s.targetCosts().ns("fio-io")).isEqualTo(333);
        assertThat(s.initiatorCosts().ns("syscall"))
                .isEqualTo(Long.parseLong(org.hcasim.core.profile.Profiles.hostValues("initiator-48c").get("host.cost.syscall-ns").strip()));
        assertThat(s.targetCosts().ns("syscall"))
                .isEqualTo(Long.parseLong(org.hcasim.core.profile.Profiles.hostValues("server-24c").get("host.cost.syscall-ns").strip()));
    }

    @Test
    void linksFollowTheHcaProfileAndItsOverrides() {
        BlockTestbedSpec s = spec(Map.of("hca.profile", "connectx5", "hca.port.rate-gbps", "200"));
        assertThat(s.hca().link().gigabitsPerSecond()).isEqualTo(200.0);
    }

    @Test
    void badValuesNameKeyAndLayer() {
        assertThatThrownBy(() -> spec(Map.of("testbed.target.format", "520")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("testbed.target.format = '520' (from --set): block size must be 512 or 4096, got 520");
        assertThatThrownBy(() -> spec(Map.of("testbed.target.format", "512+8")))
                .hasMessageContaining("format 512+8 has metadata but PI type is none");
        assertThatThrownBy(() -> spec(Map.of("testbed.target.pi", "type1")))
                .hasMessageContaining("PI type1 needs a +8 format");
        assertThatThrownBy(() -> spec(Map.of("testbed.target.profile", "laptop")))
                .hasMessageStartingWith("testbed.target.profile = 'laptop': no such host profile (known: ");
        assertThatThrownBy(() -> spec(Map.of("testbed.initiator.cores", "0")))
                .hasMessageContaining("testbed.initiator.cores");
        assertThatThrownBy(() -> spec(Map.of("testbed.target.host", "initiator")))
                .hasMessageContaining("need two hosts");
        assertThatThrownBy(() -> spec(Map.of("testbed.target.namespace-size", "1000")))
                .hasMessageContaining("must be a positive multiple of the block size 512");
    }
}
