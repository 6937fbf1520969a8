package org.hcasim.ulp.iser;

import java.util.Set;
import org.hcasim.spi.UlpProvider;
import org.hcasim.testkit.BaseUlpPluginTest;
import org.hcasim.testkit.UlpCapability;

/**
 * The iser plugin meets the plugin contract with block roles and in-capsule (immediate) data. Its T10-PI is the
 * block layer's (write_generate / read_verify under an sd disk), not PI that fio supplies with pi_act=0, which is
 * NVMe passthrough; ProtectionOperationsTest and SignatureErrorsTest cover it.
 */
class IserContractTest extends BaseUlpPluginTest {
    @Override
    protected UlpProvider provider() {
        return new IserProvider();
    }

    @Override
    protected Set<UlpCapability> supports() {
        return Set.of(UlpCapability.BLOCK_ROLES, UlpCapability.IN_CAPSULE_DATA);
    }
}
