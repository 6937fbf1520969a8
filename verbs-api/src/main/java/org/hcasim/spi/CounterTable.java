package org.hcasim.spi;

import java.util.List;
import java.util.Objects;

/**
 * Counters a component of a run kept, as a small table for the run report (e.g. the MR cache's entries: order,
 * limit, available, total, pending, miss). Every cell is a count or a time in ns; the first column usually
 * names the row.
 *
 * @param title   what the table counts, e.g. {@code initiator/mlx5_0 MR cache}
 * @param columns column names ({@code snake_case}, used as JSON keys)
 * @param rows    one list per row, each as long as {@code columns}
 */
public record CounterTable(String title, List<String> columns, List<List<Long>> rows) {
    public CounterTable {
        Objects.requireNonNull(title, "title");
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
        for (List<Long> r : rows) {
            if (r.size() != columns.size()) {
                throw new IllegalArgumentException(title + ": a row has " + r.size() + " cells for " + columns.size()
                        + " columns");
            }
        }
    }
}
