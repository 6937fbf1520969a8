package org.hcasim.ulp.iser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ServiceLoader;
import org.hcasim.spi.UlpProvider;
import org.junit.jupiter.api.Test;

class IserProviderServiceTest {

    @Test
    void service_loader_finds_the_iser_provider() {
        assertThat(ServiceLoader.load(UlpProvider.class).stream().map(ServiceLoader.Provider::type))
                .containsExactly(IserProvider.class);
    }

    @Test
    void every_default_key_is_in_the_plugin_area_and_documented() {
        UlpProvider provider = new IserProvider();
        assertThat(provider.name()).isEqualTo("iser");
        assertThat(provider.defaultConfiguration()).isNotEmpty();
        assertThat(provider.defaultConfiguration().keySet()).allMatch(k -> k.startsWith("iser."));
        assertThat(provider.configDoc().keySet()).isEqualTo(provider.defaultConfiguration().keySet());
    }
}
