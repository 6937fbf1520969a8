package org.hcasim.dist.experiment.compare;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hcasim.core.config.UserException;

/**
 * A reference table as the project keeps them: {@code #} comment lines (the measurement's setup),
 * one header row, then rows of comma-separated cells. Comment lines may appear anywhere and are kept
 * in order; blank lines are ignored. Cells hold no commas or quotes (these are tables of numbers and
 * short names), so a quote is an error rather than a silently misread cell.
 *
 * <p>{@link #toCsv()} writes the same format, so a written table reads back equal.
 */
public record ReferenceTable(String source, List<String> comments, List<String> columns, List<List<Cell>> rows) {

    public ReferenceTable {
        comments = List.copyOf(comments);
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
    }

    /** Reads a table; errors name {@code source} and the line. */
    public static ReferenceTable read(String source, Reader reader) {
        List<String> comments = new ArrayList<>();
        List<String> columns = null;
        List<List<Cell>> rows = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(reader)) {
            int lineNo = 0;
            for (String line; (line = in.readLine()) != null; ) {
                lineNo++;
                String t = line.strip();
                if (t.startsWith("#")) {
                    comments.add(t.substring(1).strip());
                    continue;
                }
                if (t.isEmpty()) {
                    continue;
                }
                if (t.indexOf('"') >= 0) {
                    throw new UserException(source + ":" + lineNo + ": quoted cells are not supported: " + t);
                }
                List<String> parts = List.of(t.split(",", -1));
                if (columns == null) {
                    columns = parts.stream().map(String::strip).toList();
                    if (columns.stream().anyMatch(String::isEmpty)) {
                        throw new UserException(source + ":" + lineNo + ": empty column name in header: " + t);
                    }
                    if (new HashSet<>(columns).size() != columns.size()) {
                        throw new UserException(source + ":" + lineNo + ": repeated column name in header: " + t);
                    }
                    continue;
                }
                if (parts.size() != columns.size()) {
                    throw new UserException(source + ":" + lineNo + ": " + parts.size() + " cells, but the header has "
                            + columns.size() + " columns (" + String.join(",", columns) + ")");
                }
                rows.add(parts.stream().map(Cell::new).toList());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(source + ": " + e.getMessage(), e);
        }
        if (columns == null) {
            throw new UserException(source + ": no header row (only comments or nothing)");
        }
        return new ReferenceTable(source, comments, columns, rows);
    }

    public static ReferenceTable parse(String source, String text) {
        return read(source, new StringReader(text));
    }

    /** A class-path resource next to {@code owner}; a missing resource is a bug in the experiment. */
    public static ReferenceTable resource(Class<?> owner, String path) {
        var in = owner.getResourceAsStream(path);
        if (in == null) {
            throw new IllegalStateException("reference table " + path + " not found next to " + owner.getName());
        }
        return read(path, new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8));
    }

    public int columnIndex(String column) {
        int i = columns.indexOf(column);
        if (i < 0) {
            throw new IllegalArgumentException(source + ": no column '" + column + "'; columns: " + columns);
        }
        return i;
    }

    /** The cell of {@code row} in {@code column}. */
    public Cell cell(int row, String column) {
        return rows.get(row).get(columnIndex(column));
    }

    /** Rows as maps from column to cell, for readers that go by name. */
    public List<Map<String, Cell>> rowMaps() {
        List<Map<String, Cell>> out = new ArrayList<>();
        for (List<Cell> r : rows) {
            var m = new java.util.LinkedHashMap<String, Cell>();
            for (int i = 0; i < columns.size(); i++) {
                m.put(columns.get(i), r.get(i));
            }
            out.add(m);
        }
        return out;
    }

    public Optional<Double> number(int row, String column) {
        return cell(row, column).number();
    }

    /** Comment lines, header and rows, each line ending in a newline. */
    public String toCsv() {
        StringBuilder b = new StringBuilder();
        for (String c : comments) {
            b.append("# ").append(c).append('\n');
        }
        b.append(String.join(",", columns)).append('\n');
        for (List<Cell> r : rows) {
            b.append(String.join(",", r.stream().map(Cell::text).toList())).append('\n');
        }
        return b.toString();
    }
}
