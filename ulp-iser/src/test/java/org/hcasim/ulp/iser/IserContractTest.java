package org.hcasim.ulp.iser;

import java.util.Set;
import org.hcasim.spi.UlpProvider;
import org.hcasim.testkit.BaseUlpPluginTest;
import org.hcasim.testkit.UlpCapability;

/** The iser plugin meets the plugin contract for what it supports so far. */
class IserContractTest extends BaseUlpPluginTest {
    @Override
    protected UlpProvider provider() {
        return new IserProvider();
    }

    @Override
    protected Set<UlpCapability> supports() {
        return Set.of();
    }
}
