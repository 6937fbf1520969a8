package org.hcasim.core.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * A bounded in-memory {@link TraceSink}: keeps the first {@code capacity} records and counts the rest as
 * dropped. Its {@link #hash()} digests every record (kept or dropped), which makes it the tool for
 * determinism checks: two runs with the same seed and inputs must give the same hash.
 */
public final class TraceRecorder implements TraceSink {
    /** One recorded item; {@code kind} is SPAN, INSTANT or COUNTER ({@code value} used by counters). */
    public record Record(Kind kind, String track, String name, long startNs, long durationNs, long value) {
    }

    public enum Kind { SPAN, INSTANT, COUNTER }

    private final int capacity;
    private final List<Record> records = new ArrayList<>();
    private long dropped;
    private long hash = 0xcbf29ce484222325L; // FNV-1a offset basis

    public TraceRecorder(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must be >= 0, got " + capacity);
        }
        this.capacity = capacity;
    }

    @Override
    public void span(String track, String name, long startNs, long durationNs) {
        add(new Record(Kind.SPAN, track, name, startNs, durationNs, 0));
    }

    @Override
    public void instant(String track, String name, long atNs) {
        add(new Record(Kind.INSTANT, track, name, atNs, 0, 0));
    }

    @Override
    public void counter(String track, String name, long atNs, long value) {
        add(new Record(Kind.COUNTER, track, name, atNs, 0, value));
    }

    private void add(Record r) {
        mix(r.kind().ordinal());
        mix(r.track().hashCode());
        mix(r.name().hashCode());
        mix(r.startNs());
        mix(r.durationNs());
        mix(r.value());
        if (records.size() < capacity) {
            records.add(r);
        } else {
            dropped++;
        }
    }

    private void mix(long v) {
        for (int i = 0; i < 8; i++) {
            hash ^= (v >>> (8 * i)) & 0xff;
            hash *= 0x100000001b3L;
        }
    }

    /** The kept records in the order they were reported. */
    public List<Record> records() {
        return java.util.Collections.unmodifiableList(records);
    }

    /** Records not kept because the capacity was reached. */
    public long dropped() {
        return dropped;
    }

    /** FNV-1a digest of every record reported so far. */
    public long hash() {
        return hash;
    }
}
