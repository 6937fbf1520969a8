package org.hcasim.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A value set above the defaults keeps the shape of the key's default: checked when the configuration loads. */
class ValueShapeTest {

    @Test
    void the_shape_of_a_default_decides_what_a_value_above_it_may_look_like() {
        assertThat(ValueShape.of("true")).isEqualTo(ValueShape.BOOLEAN);
        assertThat(ValueShape.of("128")).isEqualTo(ValueShape.NUMBER);
        assertThat(ValueShape.of("0.03")).isEqualTo(ValueShape.NUMBER);
        assertThat(ValueShape.of("1t")).isEqualTo(ValueShape.SIZE);
        assertThat(ValueShape.of("250ns")).isEqualTo(ValueShape.DURATION);
        assertThat(ValueShape.of("connectx5")).isEqualTo(ValueShape.TEXT);
        assertThat(ValueShape.of("")).isEqualTo(ValueShape.TEXT);
    }

    @Test
    void a_number_may_be_anything_its_reader_parses_but_must_start_like_a_number() {
        assertThat(ValueShape.NUMBER.problem("64")).isNull();
        assertThat(ValueShape.NUMBER.problem("4k")).isNull();
        assertThat(ValueShape.NUMBER.problem("512+8")).isNull();
        assertThat(ValueShape.NUMBER.problem("10us")).isNull();
        assertThat(ValueShape.NUMBER.problem("abc")).isEqualTo("is not a number");
        assertThat(ValueShape.NUMBER.problem("")).isEqualTo("is not a number");
        assertThat(ValueShape.BOOLEAN.problem("yes")).isEqualTo("is not true or false");
        assertThat(ValueShape.SIZE.problem("lots")).startsWith("is not a size");
        assertThat(ValueShape.DURATION.problem("5")).startsWith("is not a duration");
        assertThat(ValueShape.TEXT.problem("anything")).isNull();
    }

    private static HcasimConfig load(Map<String, String> set) {
        return new HcasimConfig(List.of(
                ConfigLayer.of("built-in defaults", LayerKind.BUILT_IN_DEFAULTS,
                        Map.of("x.depth", "128", "x.on", "false", "x.name", "alpha", "x.size", "4k")),
                ConfigLayer.of("--set", LayerKind.COMMAND_LINE, set)));
    }

    @Test
    void every_misshapen_value_is_reported_at_once_with_its_layer_when_the_configuration_loads() {
        assertThat(load(Map.of("x.depth", "64", "x.on", "true", "x.name", "beta", "x.size", "1m")).getInt("x.depth")).isEqualTo(64);
        assertThatThrownBy(() -> load(Map.of("x.depth", "abc", "x.on", "maybe")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("x.depth = 'abc' (from --set) is not a number; x.on = 'maybe' (from --set) is not true or false");
    }
}
