package org.hcasim.dist.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table with aligned columns: text columns left-aligned, numeric columns right-aligned,
 * two spaces between columns, no trailing spaces. Deterministic, for terminals and golden tests.
 */
public final class TextTable {
    private final List<String> headers;
    private final boolean[] rightAligned;
    private final List<List<String>> rows = new ArrayList<>();

    /** Headers ending in {@code >} are right-aligned (the marker is not printed). */
    public TextTable(String... headers) {
        this.headers = new ArrayList<>();
        this.rightAligned = new boolean[headers.length];
        for (int i = 0; i < headers.length; i++) {
            rightAligned[i] = headers[i].endsWith(">");
            this.headers.add(rightAligned[i] ? headers[i].substring(0, headers[i].length() - 1) : headers[i]);
        }
    }

    public TextTable row(List<String> cells) {
        if (cells.size() != headers.size()) {
            throw new IllegalArgumentException(cells.size() + " cells for " + headers.size() + " columns");
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    public TextTable row(String... cells) {
        return row(List.of(cells));
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The table, each line prefixed by {@code indent} and ending in a newline. */
    public String render(String indent) {
        int[] w = new int[headers.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = headers.get(i).length();
            for (List<String> r : rows) {
                w[i] = Math.max(w[i], r.get(i).length());
            }
        }
        StringBuilder b = new StringBuilder();
        line(b, indent, headers, w);
        for (List<String> r : rows) {
            line(b, indent, r, w);
        }
        return b.toString();
    }

    private void line(StringBuilder b, String indent, List<String> cells, int[] w) {
        StringBuilder l = new StringBuilder(indent);
        for (int i = 0; i < cells.size(); i++) {
            String c = cells.get(i);
            String pad = " ".repeat(w[i] - c.length());
            l.append(rightAligned[i] ? pad + c : c + pad);
            if (i < cells.size() - 1) {
                l.append("  ");
            }
        }
        b.append(l.toString().stripTrailing()).append('\n');
    }
}
