package org.hcasim.ulp.nvmeof;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ServiceLoader;
import org.hcasim.spi.UlpProvider;
import org.junit.jupiter.api.Test;

class NvmeOfProviderServiceTest {

    @Test
    void service_loader_finds_the_nvmeof_provider() {
        assertThat(ServiceLoader.load(UlpProvider.class).stream().map(ServiceLoader.Provider::type))
                .containsExactly(NvmeOfProvider.class);
    }

    @Test
    void every_default_key_is_in_the_plugin_area_and_documented() {
        UlpProvider provider = new NvmeOfProvider();
        assertThat(provider.name()).isEqualTo("nvmeof");
        assertThat(provider.defaultConfiguration()).isNotEmpty();
        assertThat(provider.defaultConfiguration().keySet()).allMatch(k -> k.startsWith("nvmeof."));
        assertThat(provider.configDoc().keySet()).isEqualTo(provider.defaultConfiguration().keySet());
    }
}
