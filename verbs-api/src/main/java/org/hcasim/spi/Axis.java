package org.hcasim.spi;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * One named dimension of an experiment's grid (e.g. {@code bs} with values 512, 4096, 65536) and the
 * values a run uses by default. {@code hcasim reproduce --axis bs=512,4096} replaces the values with a
 * subset or with any value from {@link #allowed()}.
 *
 * @param name    axis name, also the name of the reference CSV column that holds it (if any)
 * @param values  default values, in the order runs and tables list them
 * @param allowed every value the point runner accepts; a run with any other value is refused
 */
public record Axis(String name, List<String> values, List<String> allowed) {
    public Axis {
        Objects.requireNonNull(name, "name");
        values = List.copyOf(values);
        allowed = List.copyOf(allowed);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("axis " + name + " has no values");
        }
        if (new HashSet<>(values).size() != values.size()) {
            throw new IllegalArgumentException("axis " + name + " repeats a value: " + values);
        }
        if (!allowed.containsAll(values)) {
            throw new IllegalArgumentException("axis " + name + ": default values " + values
                    + " are not all in the allowed values " + allowed);
        }
    }

    /** An axis whose allowed values are exactly its default values (e.g. a policy axis). */
    public static Axis of(String name, String... values) {
        return new Axis(name, List.of(values), List.of(values));
    }

    /** An axis that runs {@code values} by default and also accepts {@code moreAllowed}. */
    public static Axis of(String name, List<String> values, List<String> moreAllowed) {
        List<String> all = new ArrayList<>(values);
        for (String v : moreAllowed) {
            if (!all.contains(v)) {
                all.add(v);
            }
        }
        return new Axis(name, values, all);
    }

    /** The same axis running {@code newValues} instead of its defaults (each must be allowed). */
    public Axis withValues(List<String> newValues) {
        return new Axis(name, newValues, allowed);
    }
}
