package org.hcasim.ulp.iser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.hcasim.core.fault.FaultLedger;
import org.hcasim.core.verbs.SimRdmaDevice;
import org.hcasim.testkit.PluginTestbed;
import org.junit.jupiter.api.Test;

/**
 * A reconnect destroys what the failed connection held (docs/faults.md): after a link down that the ULP recovers
 * from, the initiator's RDMA device holds as many protection domains, QPs, CQs, SRQs and MRs as after the same job
 * without a fault, however many connections the recovery set up and gave up on the way.
 */
class IserReconnectLeakTest {
    private static final String JOB = """
            [writes]
            ioengine=iser
            filename=sda
            direct=1
            rw=randwrite
            bs=4k
            iodepth=16
            size=1m
            """;

    private static SimRdmaDevice.ObjectCounts initiatorObjects(PluginTestbed.Run run) {
        return ((SimRdmaDevice) run.testbed().initiatorHost().devices().get(0)).objectCounts();
    }

    @Test
    void after_recovering_from_a_link_down_the_device_holds_what_a_run_without_faults_holds() {
        PluginTestbed bed = new PluginTestbed(new IserProvider());
        PluginTestbed.Run clean = bed.fio(Map.of(), JOB);
        // down long enough that a first reconnect attempt fails and is torn down too
        PluginTestbed.Run recovered = bed.fio(Map.of("fault.link.down-at", "0s", "fault.link.down-for", "12s"), JOB);
        assertThat(clean.ok()).as("%s", clean.errors()).isTrue();
        assertThat(recovered.ok()).as("%s", recovered.errors()).isTrue();
        assertThat(recovered.testbed().faults().ledger().get(FaultLedger.Section.RECOVERED, "iser session relogins at initiator"))
                .as("the run did reconnect").isEqualTo(1);
        assertThat(initiatorObjects(recovered)).isEqualTo(initiatorObjects(clean));
    }
}
