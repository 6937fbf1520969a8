package org.hcasim.core.hw;

import static org.assertj.core.api.Assertions.assertThat;

import org.hcasim.core.sim.Simulation;
import org.junit.jupiter.api.Test;

/**
 * {@link Port#srqReceive}: the receive pipeline's SRQ stage takes receives in arrival order, each once its WQE is
 * on the HCA, and holds the stage for the fetch time it cannot overlap; a receive waiting for its WQE holds up the
 * ones behind it, and the stage's time is reported by cause.
 */
class PortSrqStageTest {
    private static final LinkParams ETH100 = new LinkParams(100, 200, 1024, 82);
    private final Port port = new Fabric(new Simulation(1), 300).addPort("p", ETH100);

    @Test
    void receives_whose_wqes_are_on_chip_follow_each_other_one_hold_apart() {
        assertThat(port.srqReceive(0, 0, 350)).isEqualTo(0);
        assertThat(port.srqReceive(10, 0, 350)).isEqualTo(350);
        assertThat(port.srqReceive(20, 0, 350)).isEqualTo(700);
        assertThat(port.srqStage().busyByCause()).containsEntry(Port.SRQ_WQE_HOLD, 1050L);
    }

    @Test
    void a_receive_waiting_for_its_wqe_holds_up_a_later_one_whose_wqe_is_there() {
        assertThat(port.srqReceive(0, 2_000, 350)).isEqualTo(2_000);
        // arrives at 100 with its WQE on chip, yet the pipeline is in order: after the first one's hold
        assertThat(port.srqReceive(100, 0, 350)).isEqualTo(2_350);
        assertThat(port.srqStage().busyByCause()).containsEntry(Port.SRQ_WQE_WAIT, 2_000L)
                .containsEntry(Port.SRQ_WQE_HOLD, 700L);
    }

    @Test
    void an_idle_stage_takes_a_receive_when_it_arrives() {
        port.srqReceive(0, 0, 350);
        assertThat(port.srqReceive(5_000, 4_000, 350)).isEqualTo(5_000);
    }
}
