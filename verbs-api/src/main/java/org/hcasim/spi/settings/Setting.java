package org.hcasim.spi.settings;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the configuration key of a record component that {@link Settings#bind} fills, and how to read it.
 * The component's type decides the grammar ({@code boolean}, {@code int}, {@code long}, {@code double},
 * {@code String}, an enum); {@link #unit()} reads a {@code long} as a size or a duration instead. The default
 * and the documentation of the key are in the defaults file of its owner (a plugin's
 * {@code defaults.properties}), not here: one place for each.
 *
 * <pre>{@code
 * public record HostSettings(
 *         @Setting("nvmeof.host.queue-size") @Setting.Range(min = 16, max = 1024) int queueSize,
 *         @Setting(value = "nvmeof.host.cpu.submit-ns", unit = Setting.Unit.NANOS) long submitCpuNs) { }
 * }</pre>
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Setting {

    /** The full configuration key. */
    String value();

    /** How a {@code long} component is written. */
    Unit unit() default Unit.PLAIN;

    /** The grammars a {@code long} can be read with. */
    enum Unit {
        /** A plain integer (for a {@code long} holding nanoseconds: a bare number of ns). */
        PLAIN,
        /** Bytes with an optional binary suffix ({@code 4k}). */
        SIZE,
        /** A duration with unit, in nanoseconds ({@code 1.5us}). */
        DURATION
    }

    /** Inclusive bounds of a numeric component (for a double: compared as a double). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.RECORD_COMPONENT)
    @interface Range {
        long min() default Long.MIN_VALUE;

        long max() default Long.MAX_VALUE;
    }
}
