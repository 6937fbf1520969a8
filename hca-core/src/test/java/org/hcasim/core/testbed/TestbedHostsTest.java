package org.hcasim.core.testbed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.core.config.ConfigLayer;
import org.hcasim.core.config.ConfigLoader;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.config.LayerKind;
import org.hcasim.core.profile.Profiles;
import org.hcasim.host.CpuCosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A host's CPU costs follow the configuration's layer order, with the host's own profile in the
 * profile layer's place: built-in defaults < profile < ULP defaults < conf/ < testbed file < --set.
 */
class TestbedHostsTest {

    private static final String FIO_COST = "host.cost.fio-io-ns";
    private static final String BLOCK_SUBMIT_COST = "host.cost.block-submit-ns";
    private static final ConfigLayer BUILT_INS = ConfigLayer.fromResource("built-in defaults",
            LayerKind.BUILT_IN_DEFAULTS, ConfigLoader.class, ConfigLoader.DEFAULTS_RESOURCE);

    /** A host profile that, unlike the bundled ones, defines a cost the built-in defaults also define. */
    private static final String OWN_FIO_PROFILE = "own-fio-cost";
    private static final long OWN_FIO_NS = 777;

    private static Map<String, String> ownFioProfileValues() {
        Map<String, String> values = new LinkedHashMap<>(Profiles.hostValues("server-24c"));
        values.put(FIO_COST, Long.toString(OWN_FIO_NS));
        return values;
    }

    private static Map<String, String> profileValues(String name) {
        return name.equals(OWN_FIO_PROFILE) ? ownFioProfileValues() : Profiles.hostValues(name);
    }

    private static CpuCosts costs(HcasimConfig config, String role) {
        List<String> known = new ArrayList<>(Profiles.knownHosts());
        known.add(OWN_FIO_PROFILE);
        return TestbedHosts.host(config, role, known, TestbedHostsTest::profileValues).costs();
    }

    private static HcasimConfig config(ConfigLayer... above) {
        List<ConfigLayer> layers = new ArrayList<>(List.of(BUILT_INS));
        layers.addAll(List.of(above));
        return new HcasimConfig(layers);
    }

    private static ConfigLayer setting(Map<String, String> values) {
        return ConfigLayer.of(ConfigLoader.COMMAND_LINE, LayerKind.COMMAND_LINE, values);
    }

    private static long builtIn(String key) {
        return Long.parseLong(BUILT_INS.values().get(key).strip());
    }

    private static String op(String key) {
        return key.substring("host.cost.".length(), key.length() - "-ns".length());
    }

    @Test
    void aProfileCostTheBuiltInsAlsoDefineKeepsTheProfilesValue() {
        assertThat(builtIn(FIO_COST)).as("the built-ins define the cost too").isNotEqualTo(OWN_FIO_NS);

        HcasimConfig config = config(setting(Map.of("testbed.initiator.profile", OWN_FIO_PROFILE)));

        assertThat(costs(config, "initiator").ns(op(FIO_COST))).isEqualTo(OWN_FIO_NS);
    }

    @Test
    void aCostOnlyTheBuiltInsDefineStillApplies() {
        assertThat(ownFioProfileValues()).doesNotContainKey(BLOCK_SUBMIT_COST);

        HcasimConfig config = config(setting(Map.of("testbed.initiator.profile", OWN_FIO_PROFILE)));

        assertThat(costs(config, "initiator").ns(op(BLOCK_SUBMIT_COST))).isEqualTo(builtIn(BLOCK_SUBMIT_COST));
        assertThat(costs(config, "target").ns(op(FIO_COST))).as("target without a profile")
                .isEqualTo(builtIn(FIO_COST));
    }

    @ParameterizedTest
    @EnumSource(value = LayerKind.class, names = {"ULP_DEFAULTS", "DISTRIBUTION", "TESTBED", "COMMAND_LINE"})
    void aCostFromALayerAboveTheProfilesOverridesTheProfileOnBothHosts(LayerKind kind) {
        HcasimConfig config = config(
                ConfigLayer.of("layer above the profiles", kind, Map.of(FIO_COST, "333")),
                setting(Map.of("testbed.initiator.profile", OWN_FIO_PROFILE, "testbed.target.profile", "initiator-48c")));

        assertThat(costs(config, "initiator").ns(op(FIO_COST))).isEqualTo(333);
        assertThat(costs(config, "target").ns(op(FIO_COST))).isEqualTo(333);
    }

    @Test
    void setWinsOverTheTestbedFileWhichWinsOverTheProfile() {
        Map<String, String> profile = Map.of("testbed.initiator.profile", OWN_FIO_PROFILE);
        ConfigLayer testbedFile = ConfigLayer.fromProperties("testbed two-hosts.properties", LayerKind.TESTBED,
                FIO_COST + " = 333\n");

        assertThat(costs(config(testbedFile, setting(profile)), "initiator").ns(op(FIO_COST))).isEqualTo(333);

        Map<String, String> withSet = new LinkedHashMap<>(profile);
        withSet.put(FIO_COST, "444");
        assertThat(costs(config(testbedFile, setting(withSet)), "initiator").ns(op(FIO_COST))).isEqualTo(444);
    }

    @Test
    void theHostProfileLayerReachesOnlyTheRolesThatUseIt() {
        // What ConfigLoader builds for host.profile = own-fio-cost: that profile is a layer hiding the built-in fio cost.
        ConfigLayer hostProfile = ConfigLayer.of("host profile " + OWN_FIO_PROFILE, LayerKind.PROFILE, ownFioProfileValues());
        HcasimConfig config = config(hostProfile,
                setting(Map.of("host.profile", OWN_FIO_PROFILE, "testbed.initiator.profile", "server-24c")));

        assertThat(costs(config, "target").ns(op(FIO_COST))).isEqualTo(OWN_FIO_NS);
        assertThat(costs(config, "initiator").ns(op(FIO_COST))).as("server-24c has no fio cost of its own")
                .isEqualTo(builtIn(FIO_COST));
    }

    @Test
    void theBundledProfilesGoThroughTheSameRules() {
        HcasimConfig config = new ConfigLoader().commandLine(Map.of("host.profile", "server-24c")).load();

        CpuCosts bundled = TestbedHosts.host(config, "initiator").costs();

        assertThat(bundled.ns(op(FIO_COST))).isEqualTo(builtIn(FIO_COST));
        assertThat(bundled.ns(CpuCosts.SYSCALL))
                .isEqualTo(Long.parseLong(Profiles.hostValues("server-24c").get("host.cost.syscall-ns").strip()));
    }

    @Test
    void hostCoresSetAboveTheProfilesAppliesToBothHostsUnlessARoleSetsItsOwn() {
        HcasimConfig config = new ConfigLoader()
                .commandLine(Map.of("host.cores", "12", "testbed.target.cores", "6")).load();

        assertThat(TestbedHosts.host(config, "initiator").cores()).as("host.profile server-24c has 24").isEqualTo(12);
        assertThat(TestbedHosts.host(config, "target").cores()).isEqualTo(6);
        config.checkAllKeysUsed();
    }
}
