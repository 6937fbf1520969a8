package org.hcasim.core.verbs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.hw.FirmwareCommand;
import org.hcasim.core.sim.EventTarget;
import org.junit.jupiter.api.Test;

/**
 * {@link SrqWqeChain}: one SRQ's WQE reads follow each other (a read issues once the WQE before it has arrived), the
 * HCA keeps {@code depth} of them ahead, and it reads only posted WQEs. Simulated time through a data path whose reads
 * take a fixed round trip and whose receive side simply waits for the WQE.
 */
class SrqWqeChainTest {
    private static final long ROUND_TRIP = 700;

    /** Reads of {@link #ROUND_TRIP}; records when each read was issued. */
    private static final class FixedRoundTrip implements HcaDataPath {
        final List<Long> issued = new ArrayList<>();

        @Override
        public long readSrqWqe(long t, int wqeBytes) {
            issued.add(t);
            return t + ROUND_TRIP;
        }

        @Override
        public long awaitSrqWqe(long t, long onChipAt) {
            return Math.max(t, onChipAt);
        }

        @Override public long doorbell(long t) { throw new UnsupportedOperationException(); }
        @Override public long fetchWqe(long t, int b, boolean c) { throw new UnsupportedOperationException(); }
        @Override public long sendEngine(long t, long b) { throw new UnsupportedOperationException(); }
        @Override public long receiveEngine(long t, long b) { throw new UnsupportedOperationException(); }
        @Override public void umr(long t, int l, EventTarget d, int op, Object a) { throw new UnsupportedOperationException(); }
        @Override public long translate(long t, int k, long a, long l, int p, boolean klm) { throw new UnsupportedOperationException(); }
        @Override public long translateOnReceive(long t, int k, long a, long l, int p, boolean klm) { throw new UnsupportedOperationException(); }
        @Override public long translateIntegrity(long t, int k, IntegrityAccess a, boolean r) { throw new UnsupportedOperationException(); }
        @Override public long dmaRead(long t, long b) { throw new UnsupportedOperationException(); }
        @Override public long dmaWrite(long t, long b) { throw new UnsupportedOperationException(); }
        @Override public long writeCqe(long t) { throw new UnsupportedOperationException(); }
        @Override public long firmwareCommand(long t, FirmwareCommand c, long b) { throw new UnsupportedOperationException(); }
    }

    @Test
    void the_first_receive_waits_for_its_wqe_and_a_run_goes_at_one_receive_per_round_trip() {
        var path = new FixedRoundTrip();
        var chain = new SrqWqeChain(2, 4, 0);
        // back-to-back receives at t=0 with many posted: the first reads on demand, the rest wait for the chain
        long[] starts = new long[8];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = chain.take(0, 100, path);
        }
        for (int i = 0; i < starts.length; i++) {
            assertThat(starts[i]).as("receive %d", i).isEqualTo((i + 1) * ROUND_TRIP);
        }
        // every read issued when the one before it had arrived
        for (int i = 1; i < path.issued.size(); i++) {
            assertThat(path.issued.get(i)).isGreaterThanOrEqualTo(path.issued.get(i - 1) + ROUND_TRIP);
        }
    }

    @Test
    void a_burst_of_depth_receives_after_a_pause_finds_its_wqes_waiting() {
        var path = new FixedRoundTrip();
        var chain = new SrqWqeChain(2, 4, 0);
        chain.take(0, 100, path); // reads 4 ahead, the last arriving at 5 x 700
        long later = 10_000;
        for (int i = 0; i < 4; i++) {
            assertThat(chain.take(later, 100, path)).as("burst receive %d", i).isEqualTo(later);
        }
        // the fifth has to wait for a read issued by this burst
        assertThat(chain.take(later, 100, path)).isGreaterThan(later);
    }

    @Test
    void only_posted_wqes_are_read_ahead() {
        var path = new FixedRoundTrip();
        var chain = new SrqWqeChain(2, 4, 0);
        chain.take(0, 0, path); // nothing posted after it: nothing read ahead
        assertThat(path.issued).hasSize(1);
        assertThat(chain.take(5_000, 1, path)).isEqualTo(5_000 + ROUND_TRIP); // read on demand
        assertThat(path.issued).hasSize(3); // and the one posted behind it read ahead
    }

    @Test
    void a_run_goes_at_one_receive_per_round_trip_and_processing_when_the_next_index_needs_processing() {
        var path = new FixedRoundTrip();
        long parse = 350;
        var chain = new SrqWqeChain(2, 4, parse);
        long[] starts = new long[8];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = chain.take(0, 100, path);
        }
        assertThat(starts[0]).isEqualTo(ROUND_TRIP); // the on-demand read waits for nothing before it
        for (int i = 1; i < starts.length; i++) {
            assertThat(starts[i] - starts[i - 1]).as("receive %d", i).isEqualTo(ROUND_TRIP + parse);
        }
    }

    @Test
    void a_negative_processing_time_is_refused() {
        assertThatThrownBy(() -> new SrqWqeChain(1, 4, -1)).hasMessageContaining("processing time -1");
    }

    @Test
    void wqe_stride_is_mlx5s() {
        assertThat(SrqWqeChain.wqeStrideBytes(1)).isEqualTo(32);
        assertThat(SrqWqeChain.wqeStrideBytes(2)).isEqualTo(64);
        assertThat(SrqWqeChain.wqeStrideBytes(3)).isEqualTo(64);
        assertThat(SrqWqeChain.wqeStrideBytes(4)).isEqualTo(128);
    }

    @Test
    void a_depth_below_one_is_refused() {
        assertThatThrownBy(() -> new SrqWqeChain(1, 0, 0)).hasMessageContaining("prefetch depth 0");
    }
}
