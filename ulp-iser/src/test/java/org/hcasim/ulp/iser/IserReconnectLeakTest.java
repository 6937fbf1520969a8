package org.hcasim.ulp.iser;

import org.hcasim.spi.UlpProvider;
import org.hcasim.testkit.BaseReconnectLeakTest;

/** Iser's reconnects leak nothing: the contract of {@link BaseReconnectLeakTest}. */
class IserReconnectLeakTest extends BaseReconnectLeakTest {
    @Override
    protected UlpProvider provider() {
        return new IserProvider();
    }

    @Override
    protected String ioengine() {
        return "iser";
    }

    @Override
    protected String device() {
        return "sda";
    }

    @Override
    protected String reconnectLedgerLine() {
        return "iser session relogins at initiator";
    }
}
