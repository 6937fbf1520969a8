package org.hcasim.ulp.srp;

import java.util.Set;
import org.hcasim.spi.UlpProvider;
import org.hcasim.testkit.BaseUlpPluginTest;
import org.hcasim.testkit.UlpCapability;

/** The srp plugin meets the plugin contract: block roles and shared receive queues (SRP carries no PI and, without immediate data, no in-command write data). */
class SrpContractTest extends BaseUlpPluginTest {
    @Override
    protected UlpProvider provider() {
        return new SrpProvider();
    }

    @Override
    protected Set<UlpCapability> supports() {
        return Set.of(UlpCapability.BLOCK_ROLES, UlpCapability.SHARED_RECEIVE_QUEUES);
    }
}
