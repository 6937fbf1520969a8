package org.hcasim.ulp.nvmeof;

import org.hcasim.spi.UlpProvider;
import org.hcasim.testkit.BaseReconnectLeakTest;

/** NvmeOf's reconnects leak nothing: the contract of {@link BaseReconnectLeakTest}. */
class NvmeOfReconnectLeakTest extends BaseReconnectLeakTest {
    @Override
    protected UlpProvider provider() {
        return new NvmeOfProvider();
    }

    @Override
    protected String ioengine() {
        return "nvmeof";
    }

    @Override
    protected String device() {
        return "nvme0n1";
    }

    @Override
    protected String reconnectLedgerLine() {
        return "nvmeof controller reconnects at initiator";
    }
}
