package org.hcasim.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * One point of an experiment's grid: a value for every axis, in axis order. Immutable; equal points
 * have equal coordinates.
 */
public record Point(Map<String, String> coordinates) {
    public Point {
        coordinates = Collections.unmodifiableMap(new LinkedHashMap<>(coordinates));
    }

    /** The value of {@code axis}; fails if this point has no such axis (a bug in the experiment). */
    public String get(String axis) {
        String v = coordinates.get(axis);
        if (v == null) {
            throw new IllegalArgumentException("point " + this + " has no axis '" + axis + "'");
        }
        return v;
    }

    public int getInt(String axis) {
        return Integer.parseInt(get(axis));
    }

    public long getLong(String axis) {
        return Long.parseLong(get(axis));
    }

    public double getDouble(String axis) {
        return Double.parseDouble(get(axis));
    }

    /** This point with {@code axis} set to {@code value} (added at the end if new). */
    public Point with(String axis, String value) {
        Map<String, String> m = new LinkedHashMap<>(coordinates);
        m.put(axis, value);
        return new Point(m);
    }

    /** This point without {@code axis}: e.g. the row a policy comparison groups by. */
    public Point without(String axis) {
        Map<String, String> m = new LinkedHashMap<>(coordinates);
        m.remove(axis);
        return new Point(m);
    }

    /** {@code hca=connectx5 bs=512 policy=sg}: stable, used in reports and to derive the point's seed. */
    @Override
    public String toString() {
        StringJoiner j = new StringJoiner(" ");
        coordinates.forEach((k, v) -> j.add(k + "=" + v));
        return j.toString();
    }
}
