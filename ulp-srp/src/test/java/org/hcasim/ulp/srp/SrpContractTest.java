package org.hcasim.ulp.srp;

import java.util.Set;
import org.hcasim.spi.UlpProvider;
import org.hcasim.testkit.BaseUlpPluginTest;
import org.hcasim.testkit.UlpCapability;

/** The srp plugin meets the plugin contract for what it supports so far. */
class SrpContractTest extends BaseUlpPluginTest {
    @Override
    protected UlpProvider provider() {
        return new SrpProvider();
    }

    @Override
    protected Set<UlpCapability> supports() {
        return Set.of();
    }
}
