package org.hcasim.ulp.srp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ServiceLoader;
import org.hcasim.spi.UlpProvider;
import org.junit.jupiter.api.Test;

class SrpProviderServiceTest {

    @Test
    void service_loader_finds_the_srp_provider() {
        assertThat(ServiceLoader.load(UlpProvider.class).stream().map(ServiceLoader.Provider::type))
                .containsExactly(SrpProvider.class);
    }

    @Test
    void every_default_key_is_in_the_plugin_area_and_documented() {
        UlpProvider provider = new SrpProvider();
        assertThat(provider.name()).isEqualTo("srp");
        assertThat(provider.defaultConfiguration()).isNotEmpty();
        assertThat(provider.defaultConfiguration().keySet()).allMatch(k -> k.startsWith("srp."));
        assertThat(provider.configDoc().keySet()).isEqualTo(provider.defaultConfiguration().keySet());
    }
}
