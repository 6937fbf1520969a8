package org.hcasim.ulp.rds;

import java.util.Set;
import org.hcasim.spi.UlpProvider;
import org.hcasim.testkit.BaseUlpPluginTest;
import org.hcasim.testkit.UlpCapability;

/** The rds plugin meets the plugin contract for what it supports so far. */
class RdsContractTest extends BaseUlpPluginTest {
    @Override
    protected UlpProvider provider() {
        return new RdsProvider();
    }

    @Override
    protected Set<UlpCapability> supports() {
        return Set.of();
    }
}
