package org.hcasim.core.hw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.hcasim.core.sim.Simulation;
import org.junit.jupiter.api.Test;

class PcieLinkTest {
    // Gen3 x8: 8 lanes * 8 GT/s * 128/130 / 8 bits = 7.877 bytes/ns.
    static final PcieParams GEN3_X8 = new PcieParams(8, 8, 128.0 / 130, 24, 256, 512, 700, 0, 350, 350, 256);

    @Test
    void sustained_dma_writes_are_capped_by_the_rate_minus_tlp_overhead() {
        PcieLink pcie = new PcieLink(new Simulation(1), "pcie", GEN3_X8);
        long bytes = 1 << 20;
        long t = 0;
        long done = 0;
        for (int i = 0; i < 256; i++) {
            done = pcie.dmaWrite(t, bytes); // offered all at once: far more than the link can carry
        }
        double payloadPerNs = 256.0 * bytes / (done - GEN3_X8.writeLatencyNs());

        double raw = 8 * 8 * (128.0 / 130) / 8;
        assertThat(payloadPerNs).isCloseTo(raw * 256 / (256 + 24), within(0.02));
        assertThat(payloadPerNs).isCloseTo(pcie.payloadBytesPerNs(), within(0.01));
    }

    @Test
    void x16_carries_twice_what_x8_carries() {
        PcieParams x16 = new PcieParams(16, 8, 128.0 / 130, 24, 256, 512, 700, 0, 350, 350, 256);
        PcieLink a = new PcieLink(new Simulation(1), "a", GEN3_X8);
        PcieLink b = new PcieLink(new Simulation(1), "b", x16);
        long ta = 0;
        long tb = 0;
        for (int i = 0; i < 100; i++) {
            ta = a.dmaRead(0, 65536);
            tb = b.dmaRead(0, 65536);
        }
        assertThat((double) (ta - 700)).isCloseTo(2.0 * (tb - 700), within(0.01 * ta));
    }

    @Test
    void a_small_read_costs_the_round_trip_plus_serialization() {
        PcieLink pcie = new PcieLink(new Simulation(1), "pcie", GEN3_X8);
        // request: 24 B up = 24/7.877 = 3 ns; completion: 64 + 24 B down = 88/7.877 = 11 ns.
        assertThat(pcie.dmaRead(1000, 64)).isEqualTo(1000 + 3 + 700 + 11);
    }

    @Test
    void reads_and_writes_use_opposite_directions_and_do_not_delay_each_other() {
        PcieLink pcie = new PcieLink(new Simulation(1), "pcie", GEN3_X8);
        long readAlone = new PcieLink(new Simulation(1), "p", GEN3_X8).dmaRead(0, 4096);
        pcie.dmaWrite(0, 1 << 20); // saturates the upstream data direction
        long readDone = pcie.dmaRead(0, 4096);

        // only the read requests (8 x 24 B header-only TLPs) queue behind the write upstream; the 16 completion
        // TLPs (4096 B + 16 x 24 B) come down on the idle downstream direction.
        assertThat(readDone).isGreaterThan(readAlone);
        assertThat(pcie.down().busyNs()).isEqualTo(Math.round((4096 + 16 * 24) / GEN3_X8.bytesPerNs()));
    }

    @Test
    void a_doorbell_is_not_held_behind_the_round_trip_of_an_outstanding_read() {
        PcieLink pcie = new PcieLink(new Simulation(1), "pcie", GEN3_X8);
        pcie.dmaRead(0, 64);
        long doorbell = pcie.mmioWrite(20, 8);

        // 8 + 24 B = 4 ns on the wire, then the MMIO latency; not 700 ns later
        assertThat(doorbell).isEqualTo(20 + 4 + 350);
    }

    @Test
    void back_to_back_small_reads_overlap_their_round_trips() {
        PcieLink pcie = new PcieLink(new Simulation(1), "pcie", GEN3_X8);
        long first = pcie.dmaRead(0, 64);
        long second = pcie.dmaRead(0, 64);

        assertThat(second - first).isLessThan(50);
    }

    @Test
    void read_round_trips_spread_uniformly_around_their_mean_and_repeat_with_the_seed() {
        PcieParams spread = new PcieParams(8, 8, 128.0 / 130, 24, 256, 512, 700, 200, 350, 350, 256);
        long[] first = roundTrips(new PcieLink(new Simulation(7), "p", spread));
        long[] again = roundTrips(new PcieLink(new Simulation(7), "p", spread));
        long fixed = new PcieLink(new Simulation(7), "p", GEN3_X8).dmaRead(0, 64); // no spread: always this

        assertThat(first).containsExactly(again);
        assertThat(java.util.Arrays.stream(first).min().getAsLong()).isBetween(fixed - 100, fixed - 80);
        assertThat(java.util.Arrays.stream(first).max().getAsLong()).isBetween(fixed + 80, fixed + 100);
        assertThat(java.util.Arrays.stream(first).average().getAsDouble())
                .isCloseTo(fixed, org.assertj.core.api.Assertions.within(5.0));
    }

    @Test
    void the_x8_link_carries_7_2_gb_per_s_of_writes_with_256_byte_max_payload() {
        // Gen3 x8 = 7.877 B/ns raw; each 256-byte TLP takes 256 + 24 bytes of the wire: 7.20 B/ns of payload,
        // 57.6 Gb/s, below a 100 GbE port's 92.6 Gb/s of RoCE payload at MTU 1024
        PcieLink pcie = new PcieLink(new Simulation(1), "pcie", GEN3_X8);
        long done = pcie.dmaWrite(0, 64L << 20) - GEN3_X8.writeLatencyNs();

        assertThat((64 << 20) / (double) done).isCloseTo(7.20, within(0.01));
        assertThat(pcie.payloadBytesPerNs()).isCloseTo(7.20, within(0.01));
    }

    @Test
    void a_read_request_waits_for_the_n_tlps_queued_ahead_of_it() {
        PcieLink pcie = new PcieLink(new Simulation(1), "pcie", GEN3_X8);
        int queued = 10;
        for (int i = 0; i < queued; i++) {
            pcie.dmaWrite(0, 64); // ten CQE-sized writes: one TLP of 64 + 24 bytes each
        }
        long read = pcie.dmaRead(0, 64);

        // ten 88-byte TLP times (11.2 ns each), the 24-byte request, then the round trip and the completion
        long alone = new PcieLink(new Simulation(1), "alone", GEN3_X8).dmaRead(0, 64);
        assertThat(read - alone).isCloseTo(Math.round(queued * 88 / GEN3_X8.bytesPerNs()), within(queued / 2L));
    }

    @Test
    void a_read_request_passes_the_rest_of_a_message_being_written_one_tlp_at_a_time() {
        PcieLink pcie = new PcieLink(new Simulation(1), "pcie", GEN3_X8);
        long message = pcie.dmaWrite(0, 65536) - GEN3_X8.writeLatencyNs(); // 256 TLPs: 9.1 us on the link
        long read = pcie.dmaRead(100, 64);

        // one 280-byte TLP of the write (35.5 ns) goes between, not the 9 us the message has left
        long alone = new PcieLink(new Simulation(1), "alone", GEN3_X8).dmaRead(100, 64);
        assertThat(message).isGreaterThan(9_000);
        assertThat(read - alone).isBetween(30L, 40L);
    }

    @Test
    void a_long_transfer_behind_another_waits_for_it_whole() {
        PcieLink pcie = new PcieLink(new Simulation(1), "pcie", GEN3_X8);
        long first = pcie.dmaWrite(0, 65536);
        long second = pcie.dmaWrite(0, 65536);

        // as many TLPs of the first go between the second's as it has: the link carries both in turn
        assertThat(second - first).isCloseTo(first - GEN3_X8.writeLatencyNs(), within(2L));
    }

    @Test
    void reads_beyond_the_outstanding_tags_wait_for_earlier_completions() {
        PcieParams twoTags = new PcieParams(8, 8, 128.0 / 130, 24, 256, 512, 700, 0, 350, 350, 2);
        PcieLink limited = new PcieLink(new Simulation(1), "limited", twoTags);
        PcieLink plenty = new PcieLink(new Simulation(1), "plenty", GEN3_X8);

        // a 2 KiB read is 4 requests of 512 B: with 2 tags the last two leave only when the first two are answered,
        // a round trip later (less the completions of the first half, which overlap with it)
        long fast = plenty.dmaRead(0, 2048);
        long slow = limited.dmaRead(0, 2048);
        assertThat(slow - fast).isBetween(700L - 142, 700L);
    }

    @Test
    void a_read_takes_the_tag_free_first_not_one_held_by_a_read_issued_for_later() {
        PcieParams twoTags = new PcieParams(8, 8, 128.0 / 130, 24, 256, 512, 700, 0, 350, 350, 2);
        PcieLink link = new PcieLink(new Simulation(1), "two-tags", twoTags);
        link.dmaRead(100_000, 64); // issued for later (an SRQ WQE read waiting for the one before it): holds a tag then
        long first = link.dmaRead(0, 64);
        long second = link.dmaRead(0, 64);

        // the second waits for the first's tag (one round trip), not for the one held until 100.7 us
        assertThat(first).isLessThan(800);
        assertThat(second).isBetween(first + 600, first + 800);
    }

    @Test
    void a_chain_of_reads_booked_for_later_reuses_one_tag_and_leaves_the_other_to_a_read_issued_now() {
        PcieParams twoTags = new PcieParams(8, 8, 128.0 / 130, 24, 256, 512, 700, 0, 350, 350, 2);
        PcieLink link = new PcieLink(new Simulation(1), "two-tags", twoTags);
        // an SRQ's WQE reads, booked ahead: each issued once the one before it has arrived
        long wqe1 = link.dmaRead(100_000, 64);
        long wqe2 = link.dmaRead(wqe1 + 350, 64);
        long now = link.dmaRead(0, 64);

        // the second WQE read takes the tag the first gave back (taking the tag free first would hold the other one
        // from now, and the read issued now would wait until 100.7 us)
        assertThat(wqe2).isBetween(wqe1 + 350 + 600, wqe1 + 350 + 800);
        assertThat(now).isLessThan(800);
    }

    /** 2000 reads of 64 bytes, each issued when the link is idle again: their round trips. */
    private static long[] roundTrips(PcieLink link) {
        long[] out = new long[2000];
        for (int i = 0; i < out.length; i++) {
            long t = i * 10_000L;
            out[i] = link.dmaRead(t, 64) - t;
        }
        return out;
    }
}
