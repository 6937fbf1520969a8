package org.hcasim.core.fault;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hcasim.spi.CounterTable;

/**
 * The account of a run's faults: what was injected, which check caught it, what the transport recovered, what it
 * could not, and the corruption no check caught that the simulator's own oracle saw. Each line is a count under a
 * name; names within a section are sorted, so the account reads the same whatever order events came in.
 */
public final class FaultLedger {

    /** The sections of the account, in report order. */
    public enum Section {
        INJECTED("injected"),
        CAUGHT("caught"),
        TRANSPORT("transport"),
        RECOVERED("recovered"),
        FAILED("not recovered"),
        UNDETECTED("undetected");

        final String label;

        Section(String label) {
            this.label = label;
        }

        /** The section's name in reports. */
        public String label() {
            return label;
        }
    }

    private final Map<Section, TreeMap<String, long[]>> counts = new java.util.EnumMap<>(Section.class);

    /** Adds one to {@code what} in {@code section}. */
    public void count(Section section, String what) {
        add(section, what, 1);
    }

    public void add(Section section, String what, long n) {
        counts.computeIfAbsent(section, s -> new TreeMap<>()).computeIfAbsent(what, w -> new long[1])[0] += n;
    }

    /** The count of {@code what} in {@code section} (0 when never counted). */
    public long get(Section section, String what) {
        TreeMap<String, long[]> m = counts.get(section);
        long[] c = m == null ? null : m.get(what);
        return c == null ? 0 : c[0];
    }

    /** The sum of a section. */
    public long total(Section section) {
        TreeMap<String, long[]> m = counts.get(section);
        long sum = 0;
        if (m != null) {
            for (long[] c : m.values()) sum += c[0];
        }
        return sum;
    }

    /** Every count of {@code section}, by name, sorted. */
    public Map<String, Long> section(Section section) {
        Map<String, Long> out = new TreeMap<>();
        TreeMap<String, long[]> m = counts.get(section);
        if (m != null) m.forEach((k, v) -> out.put(k, v[0]));
        return out;
    }

    /** The account as text lines, one per section that counted anything (none when nothing was counted). */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        for (Section s : Section.values()) {
            TreeMap<String, long[]> m = counts.get(s);
            if (m == null || m.isEmpty()) continue;
            StringBuilder b = new StringBuilder(String.format("  %-16s", s.label + ":"));
            String sep = "";
            for (Map.Entry<String, long[]> e : m.entrySet()) {
                b.append(sep).append(e.getKey()).append(' ').append(e.getValue()[0]);
                sep = ", ";
            }
            out.add(b.toString());
        }
        return out;
    }

    /** The account as a run-report table: one per section that counted anything, a column per count. */
    public List<CounterTable> tables() {
        List<CounterTable> out = new ArrayList<>();
        for (Section s : Section.values()) {
            TreeMap<String, long[]> m = counts.get(s);
            if (m == null || m.isEmpty()) continue;
            List<String> columns = new ArrayList<>(m.keySet().stream().map(FaultLedger::snake).toList());
            out.add(new CounterTable("faults " + s.label, columns, List.of(m.values().stream().map(c -> c[0]).toList())));
        }
        return out;
    }

    private static String snake(String name) {
        return name.replaceAll("[^A-Za-z0-9]+", "_").replaceAll("^_|_$", "").toLowerCase(java.util.Locale.ROOT);
    }
}
