package org.hcasim.core.hw;

import static org.assertj.core.api.Assertions.assertThat;

import org.hcasim.core.sim.Simulation;
import org.junit.jupiter.api.Test;

/** One PCIe direction: the TLPs of concurrent transfers in turn, in issue order. */
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
    void long_streams_share_the_link_and_the_later_one_ends_when_both_are_through() {
        long first = down.transfer(0, 256, 256 * 280, "read-completion");
        long second = down.transfer(0, 256, 256 * 280, "read-completion");

        assertThat(second).isEqualTo(2 * first);
        assertThat(down.timeline().busyNs()).isEqualTo(2 * first);
    }
}
