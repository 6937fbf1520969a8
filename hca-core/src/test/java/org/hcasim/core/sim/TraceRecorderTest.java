package org.hcasim.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TraceRecorderTest {
    @Test
    void keeps_at_most_its_capacity_and_counts_the_rest_as_dropped() {
        TraceRecorder r = new TraceRecorder(2);
        r.span("t", "a", 0, 1);
        r.span("t", "b", 1, 1);
        r.instant("t", "c", 2);

        assertThat(r.records()).hasSize(2);
        assertThat(r.dropped()).isEqualTo(1);
    }

    @Test
    void the_hash_covers_dropped_records_and_differs_when_a_time_differs() {
        TraceRecorder r1 = new TraceRecorder(0);
        TraceRecorder r2 = new TraceRecorder(0);
        r1.span("t", "a", 0, 10);
        r2.span("t", "a", 0, 11);

        assertThat(r1.hash()).isNotEqualTo(r2.hash());
    }
}
