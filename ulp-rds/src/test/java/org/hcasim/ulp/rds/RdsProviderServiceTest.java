package org.hcasim.ulp.rds;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ServiceLoader;
import org.hcasim.spi.UlpProvider;
import org.junit.jupiter.api.Test;

class RdsProviderServiceTest {

    @Test
    void service_loader_finds_the_rds_provider() {
        assertThat(ServiceLoader.load(UlpProvider.class).stream().map(ServiceLoader.Provider::type))
                .containsExactly(RdsProvider.class);
    }

    @Test
    void every_default_key_is_in_the_plugin_area_and_documented() {
        UlpProvider provider = new RdsProvider();
        assertThat(provider.name()).isEqualTo("rds");
        assertThat(provider.defaultConfiguration()).isNotEmpty();
        assertThat(provider.defaultConfiguration().keySet()).allMatch(k -> k.startsWith("rds."));
        assertThat(provider.configDoc().keySet()).isEqualTo(provider.defaultConfiguration().keySet());
    }
}
