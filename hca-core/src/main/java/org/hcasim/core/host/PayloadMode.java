package org.hcasim.core.host;

/** Whether host memory stores payload bytes ({@code real}) or only checks accesses ({@code elided}). */
public enum PayloadMode {
    REAL,
    ELIDED;

    /** Parses {@code real} or {@code elided} (any case); anything else is an error naming the choices. */
    public static PayloadMode parse(String text) {
        for (PayloadMode m : values()) {
            if (m.name().equalsIgnoreCase(text.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("payload mode '" + text + "' is not one of: real, elided");
    }
}
