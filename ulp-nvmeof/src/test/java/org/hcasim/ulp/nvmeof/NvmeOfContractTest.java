package org.hcasim.ulp.nvmeof;

import java.util.Set;
import org.hcasim.spi.UlpProvider;
import org.hcasim.testkit.BaseUlpPluginTest;
import org.hcasim.testkit.UlpCapability;

/** The nvmeof plugin meets the plugin contract with block roles, PI, in-capsule data and shared receive queues. */
class NvmeOfContractTest extends BaseUlpPluginTest {
    @Override
    protected UlpProvider provider() {
        return new NvmeOfProvider();
    }

    @Override
    protected Set<UlpCapability> supports() {
        return Set.of(UlpCapability.BLOCK_ROLES, UlpCapability.PROTECTION_INFORMATION, UlpCapability.IN_CAPSULE_DATA,
                UlpCapability.SHARED_RECEIVE_QUEUES);
    }
}
