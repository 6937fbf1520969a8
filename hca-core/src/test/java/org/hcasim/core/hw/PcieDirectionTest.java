package org.hcasim.core.hw;

import static org.assertj.core.api.Assertions.assertThat;

import org.hcasim.core.sim.Simulation;
import org.junit.jupiter.api.Test;

/** One PCIe direction: TLPs of concurrent streams in turn, the posted writes one ordered stream. */
class PcieDirectionTest {
    /** Gen3 x8: 7.877 bytes per ns; a 64-byte read completion TLP (64 + 24 bytes) takes 11.2 ns, a 256-byte one 35.5. */
    private final PcieDirection down = new PcieDirection(new Simulation(1), "down", PcieLinkTest.GEN3_X8.bytesPerNs());

    @Test
    void a_transfer_behind_n_queued_tlps_waits_n_tlp_times() {
        int queued = 10;
        for (int i = 0; i < queued; i++) {
            down.transfer(0, 1, 88, "read-completion"); // ten one-TLP streams issued before it
        }
        long finish = down.transfer(0, 1, 88, "read-completion");

        // each TLP's time on the wire is rounded to the ns (11.17 -> 11)
        assertThat(finish).isEqualTo((queued + 1) * down.serializationNs(88));
    }

    @Test
    void a_transfer_behind_a_long_one_waits_one_of_its_tlps_per_tlp_of_its_own_not_the_whole_message() {
        long message = down.transfer(0, 256, 256 * 280, "read-completion"); // 64 KiB: 9.1 us
        long small = down.transfer(100, 1, 88, "read-completion");
        long twoTlps = down.transfer(100, 2, 2 * 280, "read-completion");

        assertThat(message).isEqualTo(9100);
        assertThat(small).isEqualTo(100 + 36 + 11); // one TLP of the message, then its own
        // two of the message's (35.55 ns each), the small one's, its own two
        assertThat(twoTlps).isEqualTo(100 + Math.round(2 * 9100 / 256.0 + 11) + 71);
    }

    @Test
    void posted_writes_are_one_ordered_stream_that_a_read_request_takes_turns_with() {
        PcieDirection up = new PcieDirection(new Simulation(1), "up", PcieLinkTest.GEN3_X8.bytesPerNs());
        long first = up.postedWrite(0, 32, 32 * 280, "dma-write"); // 8 KiB: 1.14 us
        long second = up.postedWrite(0, 32, 32 * 280, "dma-write");
        long request = up.transfer(0, 1, 24, "read-request");

        assertThat(second - first).as("the second write waits for the first whole").isEqualTo(first);
        assertThat(request).as("one write TLP on the link, then the 24-byte request").isEqualTo(36 + 3);
    }

    @Test
    void long_streams_share_the_link_and_the_later_one_ends_when_both_are_through() {
        long first = down.transfer(0, 256, 256 * 280, "read-completion");
        long second = down.transfer(0, 256, 256 * 280, "read-completion");

        assertThat(second).isEqualTo(2 * first);
        assertThat(down.timeline().busyNs()).isEqualTo(2 * first);
    }
}
