package org.hcasim.ulp.srp;

import java.util.Map;
import org.hcasim.spi.UlpProvider;
import org.hcasim.testkit.BaseReconnectLeakTest;

/** Srp's reconnects leak nothing: the contract of {@link BaseReconnectLeakTest}. */
class SrpReconnectLeakTest extends BaseReconnectLeakTest {
    @Override
    protected UlpProvider provider() {
        return new SrpProvider();
    }

    @Override
    protected String ioengine() {
        return "srp";
    }

    @Override
    protected String device() {
        return "sdb";
    }

    @Override
    protected String reconnectLedgerLine() {
        return "srp rport reconnects at initiator";
    }

    @Override
    protected Map<String, String> recoverySettings() {
        // fast_io_fail_tmo beyond the outage and its failed reconnect, so the I/Os wait for the reconnect that succeeds
        return Map.of("srp.initiator.fast-io-fail-tmo", "60s");
    }
}
