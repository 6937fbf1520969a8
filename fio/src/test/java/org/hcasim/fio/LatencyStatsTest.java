package org.hcasim.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class LatencyStatsTest {

    @Property
    void latencyDistributionBucketsAddUpToAHundredPercent(@ForAll @Size(min = 1, max = 200) java.util.List<@LongRange(min = 1, max = 5_000_000_000L) Long> samples) {
        LatencyStats s = new LatencyStats();
        samples.forEach(s::record);
        long[] edges = {0, 2_000, 100_000, 250_000, 1_000_000, 10_000_000, Long.MAX_VALUE};
        double total = 0;
        for (int i = 1; i < edges.length; i++) total += s.percentBetween(edges[i - 1], edges[i]);
        assertThat(total).isCloseTo(100.0, within(1e-9));
    }

    @Test
    void meanStddevAndMergeAreExact() {
        LatencyStats a = new LatencyStats();
        LatencyStats b = new LatencyStats();
        for (long v : new long[] {2, 4, 4}) a.record(v);
        for (long v : new long[] {4, 5, 5, 7, 9}) b.record(v);
        a.add(b);
        assertThat(a.count()).isEqualTo(8);
        assertThat(a.mean()).isCloseTo(5.0, within(1e-12));
        assertThat(a.stddev()).isCloseTo(Math.sqrt(32.0 / 7), within(1e-12));
        assertThat(a.min()).isEqualTo(2);
        assertThat(a.max()).isEqualTo(9);
        assertThat(a.percentile(50)).isEqualTo(4);
    }
}
