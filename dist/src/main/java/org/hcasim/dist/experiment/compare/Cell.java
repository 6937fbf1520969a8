package org.hcasim.dist.experiment.compare;

import java.util.Optional;

/**
 * One cell of a reference table, typed by its text: empty (no measurement), a number, or text.
 * Numbers keep their text so a table is written back exactly as it was read.
 */
public record Cell(String text) {
    public Cell {
        text = text.strip();
    }

    public boolean isEmpty() {
        return text.isEmpty();
    }

    private static final java.util.regex.Pattern NUMBER =
            java.util.regex.Pattern.compile("[-+]?\\d+(\\.\\d*)?([eE][-+]?\\d+)?|[-+]?\\.\\d+([eE][-+]?\\d+)?");

    /** The number in this cell, if it holds one (integer or decimal, optionally with exponent). */
    public Optional<Double> number() {
        return NUMBER.matcher(text).matches() ? Optional.of(Double.parseDouble(text)) : Optional.empty();
    }

    public boolean isNumber() {
        return number().isPresent();
    }

    /** Digits after the decimal point as written (0 for integers): how precisely the value was measured. */
    public int decimals() {
        int dot = text.indexOf('.');
        if (dot < 0 || text.contains("e") || text.contains("E")) {
            return 0;
        }
        return text.length() - dot - 1;
    }
}
