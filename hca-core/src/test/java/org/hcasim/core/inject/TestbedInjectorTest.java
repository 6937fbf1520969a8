package org.hcasim.core.inject;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.AbstractModule;
import com.google.inject.ConfigurationException;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Module;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.Stage;
import com.google.inject.name.Names;
import java.util.List;
import java.util.Map;
import org.hcasim.core.config.ConfigException;
import org.hcasim.core.config.ConfigLoader;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.plugin.InstalledUlp;
import org.hcasim.core.plugin.InstalledUlps;
import org.hcasim.core.plugin.PluginException;
import org.hcasim.spi.UlpProvider;
import org.junit.jupiter.api.Test;

class TestbedInjectorTest {

    /** A ULP binding an integer of its own from its configuration. */
    static final class AlphaUlp implements UlpProvider {
        public String name() { return "alpha"; }
        public String description() { return "alpha protocol"; }
        public Map<String, String> defaultConfiguration() { return Map.of("alpha.depth", "16"); }
        public Module module() {
            return new AbstractModule() {
                @Provides @Singleton @com.google.inject.name.Named("alpha.depth")
                int depth(HcasimConfig config) { return config.getInt("alpha.depth"); }
            };
        }
    }

    static final class BetaUlp implements UlpProvider {
        public String name() { return "beta"; }
        public String description() { return "beta protocol"; }
        public Map<String, String> defaultConfiguration() { return Map.of(); }
        public Module module() {
            return binder -> binder.bind(String.class).annotatedWith(Names.named("beta")).toInstance("beta was here");
        }
    }

    private final InstalledUlps installed = new InstalledUlps(List.of(
            new InstalledUlp(new AlphaUlp(), InstalledUlp.CLASS_PATH, getClass().getClassLoader()),
            new InstalledUlp(new BetaUlp(), InstalledUlp.CLASS_PATH, getClass().getClassLoader())));

    private HcasimConfig config(String... settings) {
        return new ConfigLoader().ulps(installed.providers()).commandLine(ConfigLoader.parseSettings(List.of(settings))).load();
    }

    @Test
    void the_injector_holds_the_modules_of_exactly_the_named_ulps() {
        Injector injector = TestbedInjector.create(config(), installed, List.of("alpha"));

        assertThat(injector.getInstance(Key.get(Integer.class, Names.named("alpha.depth")))).isEqualTo(16);
        assertThat(injector.getExistingBinding(Key.get(String.class, Names.named("beta")))).isNull();
        assertThat(injector.getInstance(new Key<Map<String, UlpProvider>>() { }).keySet()).containsExactly("alpha");
    }

    @Test
    void it_runs_in_production_stage_with_explicit_bindings_required() {
        Injector injector = TestbedInjector.create(config(), installed, List.of("alpha", "beta"));

        assertThat(injector.getInstance(Stage.class)).isEqualTo(Stage.PRODUCTION);
        record NotBound() { }
        assertThatThrownBy(() -> injector.getInstance(NotBound.class)).isInstanceOf(ConfigurationException.class);
    }

    @Test
    void a_named_ulp_that_is_not_installed_is_an_error_listing_the_installed_ones() {
        assertThatThrownBy(() -> TestbedInjector.create(config(), installed, List.of("alpha", "gamma")))
                .isInstanceOf(PluginException.class)
                .hasMessage("ULP 'gamma' is not installed; installed: alpha, beta");
    }

    @Test
    void a_bad_config_value_met_while_building_singletons_stays_a_one_line_user_error() {
        assertThatThrownBy(() -> TestbedInjector.create(config("alpha.depth=16deep"), installed, List.of("alpha")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("alpha.depth = '16deep' (from --set) is not an integer");
    }

    @Test
    void core_modules_of_the_engine_are_installed_alongside() {
        Module engine = binder -> binder.bind(String.class).annotatedWith(Names.named("engine")).toInstance("kernel");
        Injector injector = TestbedInjector.create(config(), installed, List.of(), engine);

        assertThat(injector.getInstance(Key.get(String.class, Names.named("engine")))).isEqualTo("kernel");
        assertThat(injector.getInstance(new Key<Map<String, UlpProvider>>() { })).isEmpty();
    }

}
