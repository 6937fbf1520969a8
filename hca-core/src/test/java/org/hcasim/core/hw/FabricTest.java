package org.hcasim.core.hw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.hcasim.core.sim.Simulation;
import org.junit.jupiter.api.Test;

class FabricTest {
    static final LinkParams ETH100 = new LinkParams(100, 200, 4096, 82);

    private final Simulation sim = new Simulation(1);
    private final Fabric fabric = new Fabric(sim, 300);
    private final Port a = fabric.addPort("a", ETH100);
    private final Port b = fabric.addPort("b", ETH100);
    private final Port c = fabric.addPort("c", ETH100);

    @Test
    void a_single_packet_arrives_after_serialization_twice_plus_latencies() {
        // 1000 + 82 bytes at 100 Gb/s = 86.56 -> 87 ns per hop (rounded to the nearest ns).
        long arrival = fabric.transmit(0, a, b, 1000);
        assertThat(arrival).isEqualTo(87 + 200 + 300 + 87 + 200);
    }

    @Test
    void a_message_is_split_into_mtu_packets_each_with_headers() {
        assertThat(ETH100.packets(10_000)).isEqualTo(3);
        assertThat(ETH100.wireBytes(10_000)).isEqualTo(10_000 + 3 * 82);
        assertThat(ETH100.packets(0)).isEqualTo(1);
    }

    @Test
    void two_senders_to_one_receiver_share_its_link() {
        long bytes = 1 << 20;
        Fabric quiet = new Fabric(new Simulation(1), 300);
        long oneAlone = quiet.transmit(0, quiet.addPort("x", ETH100), quiet.addPort("y", ETH100), bytes);
        fabric.transmit(0, a, c, bytes);
        long second = fabric.transmit(0, b, c, bytes);

        long serialization = ETH100.serializationNs(ETH100.wireBytes(bytes));
        assertThat((double) second).isCloseTo(oneAlone + serialization, within(0.01 * oneAlone));
    }

    @Test
    void goodput_of_a_long_stream_is_the_rate_less_header_overhead() {
        long bytes = 4096;
        long last = 0;
        for (int i = 0; i < 10_000; i++) {
            last = fabric.transmit(0, a, b, bytes);
        }
        double gbps = 10_000.0 * bytes * 8 / last;
        // within 0.5%: each transfer is rounded to whole ns
        assertThat(gbps).isCloseTo(100.0 * 4096 / (4096 + 82), within(0.5));
    }

    @Test
    void a_receive_pause_holds_back_packets_arriving_during_it_and_is_reported_as_its_cause() {
        b.pauseReceive(0, 500, "stall");
        long delayed = fabric.transmit(0, a, b, 1000);

        // unpaused: 87 + 200 + 300 + 87 + 200 (first test); the egress hop waits for the pause to end at 500
        assertThat(delayed).isEqualTo(500 + 87 + 200 + 300 + 200);
        assertThat(b.rx().busyByCause()).containsEntry("stall", 500L).containsEntry(Port.WIRE, 87L);
    }
}
