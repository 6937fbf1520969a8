package org.hcasim.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.hcasim.core.fault.FaultLedger;
import org.hcasim.core.verbs.SimRdmaDevice;
import org.hcasim.spi.UlpProvider;
import org.junit.jupiter.api.Test;

/**
 * The reconnect contract of a block plugin (docs/faults.md): a reconnect destroys what the failed connection held, so
 * after a link down the ULP recovers from, the initiator's RDMA device holds as many protection domains, QPs, CQs, SRQs
 * and MRs as after the same job without a fault, however many connections the recovery set up and gave up on the way.
 * A plugin's test class names its provider, the block device its initiator exposes and the fault ledger's line that
 * counts its reconnects.
 */
public abstract class BaseReconnectLeakTest {
    /** The plugin under test. */
    protected abstract UlpProvider provider();

    /** fio's {@code ioengine} for the plugin. */
    protected abstract String ioengine();

    /** The block device its initiator exposes (fio's {@code filename}). */
    protected abstract String device();

    /** The RECOVERED line of the fault ledger that counts the plugin's reconnects. */
    protected abstract String reconnectLedgerLine();

    /** Settings the faulted run needs beside the link down (e.g. a fast-fail timeout beyond the outage). */
    protected Map<String, String> recoverySettings() {
        return Map.of();
    }

    private String job() {
        return """
                [writes]
                ioengine=%s
                filename=%s
                direct=1
                rw=randwrite
                bs=4k
                iodepth=16
                size=1m
                """.formatted(ioengine(), device());
    }

    private static SimRdmaDevice.ObjectCounts initiatorObjects(PluginTestbed.Run run) {
        return ((SimRdmaDevice) run.testbed().initiatorHost().devices().get(0)).objectCounts();
    }

    @Test
    void after_recovering_from_a_link_down_the_device_holds_what_a_run_without_faults_holds() {
        PluginTestbed bed = new PluginTestbed(provider());
        PluginTestbed.Run clean = bed.fio(Map.of(), job());
        // down long enough that a first reconnect attempt fails and is torn down too
        Map<String, String> faulted = new HashMap<>(recoverySettings());
        faulted.put("fault.link.down-at", "0s");
        faulted.put("fault.link.down-for", "12s");
        PluginTestbed.Run recovered = bed.fio(faulted, job());
        assertThat(clean.ok()).as("%s", clean.errors()).isTrue();
        assertThat(recovered.ok()).as("%s", recovered.errors()).isTrue();
        assertThat(recovered.testbed().faults().ledger().get(FaultLedger.Section.RECOVERED, reconnectLedgerLine()))
                .as("the run did reconnect").isEqualTo(1);
        assertThat(initiatorObjects(recovered)).isEqualTo(initiatorObjects(clean));
    }
}
