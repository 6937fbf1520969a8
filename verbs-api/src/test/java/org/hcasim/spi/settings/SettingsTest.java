package org.hcasim.spi.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.hcasim.spi.InvalidSettingException;
import org.junit.jupiter.api.Test;

/** One grammar for every setting, and binding a settings record from the configuration and its defaults. */
class SettingsTest {

    enum Mode { PER_QP, PER_VECTOR }

    record Example(
            @Setting("x.enabled") boolean enabled,
            @Setting("x.depth") @Setting.Range(min = 16, max = 1024) int depth,
            @Setting(value = "x.buffer", unit = Setting.Unit.SIZE) long buffer,
            @Setting(value = "x.timeout", unit = Setting.Unit.DURATION) long timeoutNs,
            @Setting("x.ratio") @Setting.Range(min = 0, max = 1) double ratio,
            @Setting("x.name") String name,
            @Setting("x.mode") Mode mode) {
        Example {
            if (name.isEmpty()) {
                throw new InvalidSettingException("x.name", name, "must not be empty");
            }
        }
    }

    private static final Map<String, String> DEFAULTS = Map.of("x.enabled", "true", "x.depth", "128", "x.buffer", "4k",
            "x.timeout", "1.5us", "x.ratio", "0.5", "x.name", "alpha", "x.mode", "per-qp");

    private static Example bind(String... settings) {
        Map<String, String> config = new HashMap<>();
        for (int i = 0; i < settings.length; i += 2) {
            config.put(settings[i], settings[i + 1]);
        }
        return Settings.of(config, DEFAULTS).bind(Example.class);
    }

    @Test
    void a_record_is_bound_from_the_configuration_over_the_owners_defaults() {
        assertThat(bind()).isEqualTo(new Example(true, 128, 4096, 1500, 0.5, "alpha", Mode.PER_QP));
        assertThat(bind("x.enabled", "FALSE", "x.depth", "16", "x.buffer", "2m", "x.timeout", "2ms", "x.mode", "per-vector"))
                .isEqualTo(new Example(false, 16, 2 << 20, 2_000_000, 0.5, "alpha", Mode.PER_VECTOR));
    }

    @Test
    void each_bad_value_is_a_setting_error_saying_what_is_allowed() {
        assertThatThrownBy(() -> bind("x.enabled", "yes")).hasMessage("x.enabled = yes: is not true or false");
        assertThatThrownBy(() -> bind("x.depth", "8")).hasMessage("x.depth = 8: must be in 16..1024");
        assertThatThrownBy(() -> bind("x.depth", "a lot")).hasMessage("x.depth = a lot: is not an integer");
        assertThatThrownBy(() -> bind("x.buffer", "-1")).hasMessage("x.buffer = -1: is negative");
        assertThatThrownBy(() -> bind("x.timeout", "5")).hasMessage("x.timeout = 5: is not a duration (a number with unit ns, us, ms or s)");
        assertThatThrownBy(() -> bind("x.timeout", "0.5ns")).hasMessage("x.timeout = 0.5ns: is not a whole number of nanoseconds");
        assertThatThrownBy(() -> bind("x.ratio", "2")).hasMessage("x.ratio = 2: must be in 0.0..1.0");
        assertThatThrownBy(() -> bind("x.mode", "per-cpu")).hasMessage("x.mode = per-cpu: is not one of per-qp, per-vector");
        assertThatThrownBy(() -> bind("x.name", "")).hasMessage("x.name = : must not be empty");
        assertThatThrownBy(() -> bind("x.buffer", "99999999999t")).hasMessage("x.buffer = 99999999999t: is too large");
    }

    record Unannotated(@Setting("y.a") int a, int b) { }

    @Test
    void a_component_without_a_key_or_a_key_without_a_default_is_a_bug_of_the_owner() {
        assertThatThrownBy(() -> Settings.of(Map.of(), Map.of("y.a", "1")).bind(Unannotated.class))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("has no @Setting");
        assertThatThrownBy(() -> Settings.of(Map.of(), Map.of()).string("z"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no value and no default");
    }

    @Property
    void sizes_read_back_what_their_suffix_means(@ForAll @LongRange(min = 0, max = 1L << 20) long n,
                                                 @ForAll @IntRange(min = 0, max = 4) int unit) {
        String suffix = new String[] {"", "k", "m", "g", "t"}[unit];
        assertThat(SettingGrammar.parseSize(n + suffix)).isEqualTo(n << (10 * unit));
        assertThat(SettingGrammar.parseSize(n + suffix.toUpperCase() + (unit > 0 ? "b" : ""))).isEqualTo(n << (10 * unit));
    }

    @Property
    void durations_read_back_in_every_unit(@ForAll @LongRange(min = 0, max = 1_000_000) long n) {
        assertThat(SettingGrammar.parseDurationNanos(n + "ns")).isEqualTo(n);
        assertThat(SettingGrammar.parseDurationNanos(n + "us")).isEqualTo(n * 1_000);
        assertThat(SettingGrammar.parseDurationNanos(n + "ms")).isEqualTo(n * 1_000_000);
        assertThat(SettingGrammar.parseDurationNanos(n + "s")).isEqualTo(n * 1_000_000_000);
    }
}
