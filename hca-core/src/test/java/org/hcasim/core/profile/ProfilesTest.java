package org.hcasim.core.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.hw.Fabric;
import org.hcasim.core.hw.HcaHardware;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.CpuCosts;
import org.junit.jupiter.api.Test;

class ProfilesTest {

    @Test
    void every_bundled_profile_loads_and_validates() {
        assertThat(Profiles.knownHcas()).containsExactly("connectx3", "connectx4", "connectx5", "connectx5-vf");
        assertThat(Profiles.knownHosts()).containsExactlyInAnyOrder("server-24c", "xeon-e5-2699v4", "initiator-48c",
                "oracle-x8-2");
        Profiles.knownHcas().forEach(Profiles::hca);
        Profiles.knownHosts().forEach(Profiles::host);
    }

    @Test
    void the_hcas_have_the_pcie_links_and_port_rates_of_their_adapters() {
        assertThat(Profiles.hca("connectx3").params().pcie().lanes()).isEqualTo(8);
        assertThat(Profiles.hca("connectx4").params().pcie().lanes()).as("100 GbE ConnectX-4").isEqualTo(16);
        assertThat(Profiles.hca("connectx5").params().pcie().lanes()).isEqualTo(16);
        assertThat(Profiles.hca("connectx3").params().link().gigabitsPerSecond()).isLessThan(56);
        assertThat(Profiles.hca("connectx5").params().link().gigabitsPerSecond()).isEqualTo(100);
        assertThat(Profiles.hca("connectx5").params().umrInlineMaxBytes()).isEqualTo(64);
        assertThat(Profiles.hca("connectx4").params().umrInlineMaxBytes()).isEqualTo(64);
    }

    @Test
    void each_hca_profile_states_the_verbs_limits_of_its_device() {
        var cx3 = Profiles.hca("connectx3").params().verbs().attributes(8);
        assertThat(cx3).isEqualTo(new org.hcasim.verbs.DeviceAttributes(131_072, 16_351, 32, 32, 65_536, 4_194_303,
                524_288, Long.MAX_VALUE, 32_764, 511, 0, 65_536, 16_383, 31, 512, 1L << 30, 8,
                java.util.EnumSet.of(org.hcasim.verbs.DeviceCapability.MEM_MGT_EXTENSIONS,
                        org.hcasim.verbs.DeviceCapability.SRQ, org.hcasim.verbs.DeviceCapability.REMOTE_INVALIDATE)));
        var mlx5 = new org.hcasim.verbs.DeviceAttributes(262_144, 32_768, 30, 30, 16_777_216, 4_194_303, 16_777_216,
                Long.MAX_VALUE, 16_777_216, 65_536, 32_768, 8_388_608, 32_767, 31, 512, 1L << 30, 8,
                java.util.EnumSet.allOf(org.hcasim.verbs.DeviceCapability.class));
        assertThat(Profiles.hca("connectx4").params().verbs().attributes(8)).isEqualTo(mlx5);
        assertThat(Profiles.hca("connectx5").params().verbs().attributes(8)).isEqualTo(mlx5);
    }

    @Test
    void a_profile_without_its_verbs_limits_is_an_error_naming_the_missing_key() {
        Map<String, String> v = new LinkedHashMap<>(Profiles.hcaValues("connectx5"));
        v.remove("hca.verbs.max-qp");
        assertThatThrownBy(() -> HcaProfile.fromValues("new-hca", "new-hca.properties", v))
                .isInstanceOf(ProfileException.class).hasMessageContaining("hca.verbs.max-qp");

        v.put("hca.verbs.max-qp", "1024");
        v.put("hca.verbs.capabilities", "SRQ, TELEPORT");
        assertThatThrownBy(() -> HcaProfile.fromValues("new-hca", "new-hca.properties", v))
                .isInstanceOf(ProfileException.class).hasMessageContaining("unknown DeviceCapability 'TELEPORT'");
    }

    @Test
    void the_hosts_have_the_core_counts_of_the_reference_setups() {
        assertThat(Profiles.host("server-24c").cores()).isEqualTo(24);
        assertThat(Profiles.host("xeon-e5-2699v4").cores()).isEqualTo(44);
        assertThat(Profiles.host("initiator-48c").cores()).isGreaterThanOrEqualTo(48);
        assertThat(Profiles.host("server-24c").costs().ns(CpuCosts.DOORBELL_MMIO)).isPositive();
        assertThat(Profiles.host("server-24c").costs().nsPerByte(CpuCosts.CRC_T10DIF)).isPositive();
    }

    @Test
    void an_unknown_profile_name_is_an_error_listing_the_known_ones() {
        assertThatThrownBy(() -> Profiles.hca("connectx9"))
                .isInstanceOf(ProfileException.class)
                .hasMessage("unknown hca profile 'connectx9'; known: connectx3, connectx4, connectx5, connectx5-vf");
    }

    @Test
    void overridden_values_build_a_different_profile_and_unknown_keys_are_rejected() {
        Map<String, String> v = new LinkedHashMap<>(Profiles.hcaValues("connectx5"));
        v.put("hca.pcie.read-latency-ns", "900");
        assertThat(HcaProfile.fromValues("connectx5", "test", v).params().pcie().readLatencyNs()).isEqualTo(900);

        v.put("hca.pcie.read-latncy-ns", "900");
        assertThatThrownBy(() -> HcaProfile.fromValues("connectx5", "test", v))
                .hasMessage("test: unknown key(s) [hca.pcie.read-latncy-ns]");
    }

    @Test
    void a_malformed_or_missing_value_is_an_error_naming_the_key() {
        Map<String, String> v = new LinkedHashMap<>(Profiles.hcaValues("connectx5"));
        v.put("hca.pcie.lanes", "sixteen");
        assertThatThrownBy(() -> HcaProfile.fromValues("x", "test", v))
                .hasMessage("test: 'hca.pcie.lanes' = 'sixteen' is not an integer");
        Map<String, String> h = new LinkedHashMap<>(Profiles.hostValues("server-24c"));
        h.remove("host.cost.irq-entry-ns");
        assertThatThrownBy(() -> HostProfile.fromValues("x", "test", h))
                .hasMessage("test: missing key 'host.cost.irq-entry-ns'");
    }

    @Test
    void values_that_contradict_each_other_are_a_profile_error_naming_the_source() {
        Map<String, String> v = new LinkedHashMap<>(Profiles.hcaValues("connectx5"));
        v.put("hca.pcie.read-latency-spread-ns", "5000"); // wider than twice the 700 ns round trip
        assertThatThrownBy(() -> HcaProfile.fromValues("x", "test", v))
                .isInstanceOf(ProfileException.class)
                .hasMessageStartingWith("test: invalid PCIe parameters:")
                .hasMessageContaining("read latency 700 ns spread 5000 ns");
    }

    @Test
    void a_host_and_its_hca_assemble_from_profiles() {
        Simulation sim = new Simulation(1);
        SimHost host = Profiles.host("server-24c").createHost(sim, "target", PayloadMode.ELIDED);
        Fabric fabric = sim.attach(Fabric.class, new Fabric(sim, Profiles.hca("connectx5").params().switchLatencyNs()));
        HcaHardware hca = new HcaHardware(sim, host, "target/mlx5_0", Profiles.hca("connectx5").params(), fabric);

        assertThat(hca.completionVectors()).isEqualTo(24);
        assertThat(hca.eventQueue(23).vector().core()).isEqualTo(23);
        assertThat(sim.resources().find("target/mlx5_0/pcie.up")).isPresent();
        assertThat(sim.resources().find("target/cpu23")).isPresent();
    }

    @Test
    void a_profile_that_extends_another_has_its_values_and_replaces_the_ones_it_names() {
        var vf = Profiles.hcaValues("connectx5-vf");
        var pf = Profiles.hcaValues("connectx5");
        assertThat(vf).doesNotContainKey("hca.extends");
        assertThat(vf.get("hca.completion-vectors")).isEqualTo("10");
        assertThat(vf.get("hca.pcie.read-latency-ns")).isEqualTo(pf.get("hca.pcie.read-latency-ns"));
        assertThat(Profiles.hca("connectx5-vf").params().pcie().lanes()).isEqualTo(16);
        assertThat(Profiles.host("oracle-x8-2").cores()).isEqualTo(48);
        assertThat(Profiles.host("oracle-x8-2").costs().ns(CpuCosts.DOORBELL_MMIO))
                .isEqualTo(Profiles.host("server-24c").costs().ns(CpuCosts.DOORBELL_MMIO));
    }
}
