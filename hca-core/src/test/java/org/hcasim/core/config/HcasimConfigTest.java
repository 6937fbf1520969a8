package org.hcasim.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class HcasimConfigTest {

    private static final ConfigLayer DEFAULTS = ConfigLayer.fromProperties("built-in defaults", LayerKind.BUILT_IN_DEFAULTS, """
            sim.seed = 1
            sim.payload = real
            nvmeof.host.queue-size = 128
            nvmeof.host.register-always = true
            nvmeof.target.inline-data-size = 4k
            hca.pcie.latency = 250ns
            hca.name = cx-${nvmeof.host.queue-size}
            """);

    private static HcasimConfig config(ConfigLayer... above) {
        List<ConfigLayer> layers = new java.util.ArrayList<>(List.of(DEFAULTS));
        layers.addAll(List.of(above));
        return new HcasimConfig(layers);
    }

    private static ConfigLayer set(String... keyValues) {
        return ConfigLayer.of("--set", LayerKind.COMMAND_LINE, ConfigLoader.parseSettings(List.of(keyValues)));
    }

    @Nested
    class Layering {
        @Test
        void the_highest_layer_that_sets_a_key_wins_and_is_named_as_its_source() {
            var testbed = ConfigLayer.fromProperties("testbed tb.properties", LayerKind.TESTBED, "sim.seed = 7\nsim.payload = elided");
            HcasimConfig c = config(testbed, set("sim.seed=9"));

            assertThat(c.getLong("sim.seed")).isEqualTo(9);
            assertThat(c.sourceOf("sim.seed")).isEqualTo("--set");
            assertThat(c.getString("sim.payload")).isEqualTo("elided");
            assertThat(c.sourceOf("sim.payload")).isEqualTo("testbed tb.properties");
            assertThat(c.sourceOf("nvmeof.host.queue-size")).isEqualTo("built-in defaults");
        }

        @Test
        void entries_list_every_known_key_sorted_with_value_and_source() {
            HcasimConfig c = config(set("sim.seed=3"));
            assertThat(c.entries()).extracting(HcasimConfig.Entry::key).isSorted().contains("sim.seed", "hca.name");
            assertThat(c.entries()).contains(new HcasimConfig.Entry("sim.seed", "3", "--set"));
        }

        @Test
        void references_to_other_keys_resolve_against_the_effective_values() {
            assertThat(config(set("nvmeof.host.queue-size=64")).getString("hca.name")).isEqualTo("cx-64");
        }
    }

    @Nested
    class UnknownKeys {
        @Test
        void a_key_no_defaults_layer_defines_is_an_error_naming_layer_and_closest_known_key() {
            assertThatThrownBy(() -> config(set("nvmeof.host.queue-sise=64")))
                    .isInstanceOf(ConfigException.class)
                    .hasMessage("unknown configuration key nvmeof.host.queue-sise (from --set), did you mean nvmeof.host.queue-size?");
        }

        @Test
        void all_unknown_keys_are_reported_at_once() {
            var testbed = ConfigLayer.fromProperties("testbed tb.properties", LayerKind.TESTBED, "sim.sead = 2");
            assertThatThrownBy(() -> config(testbed, set("sim.paylod=elided")))
                    .hasMessageContaining("2 unknown configuration keys")
                    .hasMessageContaining("sim.sead (from testbed tb.properties), did you mean sim.seed?")
                    .hasMessageContaining("sim.paylod (from --set), did you mean sim.payload?");
        }

        @Test
        void keys_must_be_area_dot_kebab_case() {
            assertThatThrownBy(() -> config(set("Sim.Seed=1")))
                    .hasMessageContaining("area.kebab-case").hasMessageContaining("'Sim.Seed' (from --set)");
        }

        @Test
        void reading_a_key_without_default_is_a_programming_error() {
            assertThatThrownBy(() -> config().getInt("sim.nothing")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("has no default");
        }
    }

    @Nested
    class TypedValues {
        @Test
        void bad_values_name_key_value_and_layer() {
            assertThatThrownBy(() -> config(set("sim.seed=7up")).getLong("sim.seed"))
                    .isInstanceOf(ConfigException.class)
                    .hasMessage("sim.seed = '7up' (from --set) is not an integer");
            assertThatThrownBy(() -> config(set("nvmeof.host.register-always=yes")).getBoolean("nvmeof.host.register-always"))
                    .hasMessage("nvmeof.host.register-always = 'yes' (from --set) is not true or false");
            assertThatThrownBy(() -> config(set("nvmeof.host.queue-size=0")).getInt("nvmeof.host.queue-size", 1, 1024))
                    .hasMessage("nvmeof.host.queue-size = '0' (from --set) must be between 1 and 1024");
        }

        @Test
        void sizes_take_binary_suffixes() {
            assertThat(config().getSize("nvmeof.target.inline-data-size")).isEqualTo(4096);
            assertThat(config(set("nvmeof.target.inline-data-size=2M")).getSize("nvmeof.target.inline-data-size"))
                    .isEqualTo(2L << 20);
            assertThatThrownBy(() -> config(set("nvmeof.target.inline-data-size=4x")).getSize("nvmeof.target.inline-data-size"))
                    .hasMessageContaining("is not a size");
        }

        @Test
        void durations_need_a_unit_and_become_nanoseconds() {
            assertThat(config().getDurationNanos("hca.pcie.latency")).isEqualTo(250);
            assertThat(config(set("hca.pcie.latency=1.5us")).getDurationNanos("hca.pcie.latency")).isEqualTo(1500);
            assertThatThrownBy(() -> config(set("hca.pcie.latency=250")).getDurationNanos("hca.pcie.latency"))
                    .hasMessageContaining("is not a duration");
        }

        enum Payload { REAL, ELIDED }

        @Test
        void enums_are_written_in_kebab_case_and_bad_names_list_the_choices() {
            assertThat(config(set("sim.payload=elided")).getEnum("sim.payload", Payload.class)).isEqualTo(Payload.ELIDED);
            assertThatThrownBy(() -> config(set("sim.payload=fake")).getEnum("sim.payload", Payload.class))
                    .hasMessage("sim.payload = 'fake' (from --set) is not one of real, elided");
        }
    }

    @Nested
    class Interpolation {
        @Test
        void an_unresolved_reference_is_an_error() {
            assertThatThrownBy(() -> config(set("sim.payload=${no.such.key}")))
                    .isInstanceOf(ConfigException.class)
                    .hasMessageContaining("sim.payload = '${no.such.key}' (from --set) has an unresolved ${...}");
        }

        @Test
        void lookups_that_run_code_or_touch_the_network_are_not_available() {
            for (String lookup : List.of("${script:javascript:3+4}", "${dns:address|localhost}", "${url:UTF-8:http://localhost/}",
                    "${file:UTF-8:/etc/hostname}", "${java:version}", "${localhost:name}")) {
                assertThatThrownBy(() -> config(set("sim.payload=" + lookup)))
                        .as(lookup).hasMessageContaining("unresolved");
            }
        }

        @Test
        void system_properties_may_be_referenced() {
            assertThat(config(set("sim.payload=${sys:java.specification.version}")).getString("sim.payload"))
                    .isEqualTo(System.getProperty("java.specification.version"));
        }

        @Test
        void a_reference_cycle_is_an_error() {
            assertThatThrownBy(() -> config(set("sim.payload=${hca.pcie.latency}", "hca.pcie.latency=${sim.payload}")))
                    .isInstanceOf(ConfigException.class).hasMessageContaining("refers to itself");
        }
    }

    @Nested
    class UnusedSettings {
        @Test
        void settings_from_testbed_or_command_line_that_nothing_read_are_reported_all_at_once() {
            var testbed = ConfigLayer.fromProperties("testbed tb.properties", LayerKind.TESTBED, "sim.payload = elided");
            HcasimConfig c = config(testbed, set("sim.seed=5", "nvmeof.host.queue-size=32"));
            c.getLong("sim.seed");

            assertThatThrownBy(c::checkAllKeysUsed)
                    .isInstanceOf(ConfigException.class)
                    .hasMessage("2 settings have no effect, nothing reads them: sim.payload (from testbed tb.properties), "
                            + "nvmeof.host.queue-size (from --set)");
        }

        @Test
        void reading_through_the_plugin_map_view_counts() {
            HcasimConfig c = config(set("nvmeof.host.queue-size=32"));
            Map<String, String> view = c.asMap();
            assertThat(view.entrySet()).contains(Map.entry("nvmeof.host.queue-size", "32")); // iterating does not count
            assertThatThrownBy(c::checkAllKeysUsed).isInstanceOf(ConfigException.class);

            assertThat(view.get("nvmeof.host.queue-size")).isEqualTo("32");
            c.checkAllKeysUsed();
        }

        @Test
        void distribution_conf_may_set_keys_that_this_run_does_not_read() {
            var site = ConfigLayer.fromProperties("conf/hcasim.properties", LayerKind.DISTRIBUTION, "nvmeof.host.queue-size = 32");
            config(site).checkAllKeysUsed();
        }
    }
}
