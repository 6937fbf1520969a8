package org.hcasim.core.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import com.google.inject.name.Named;
import com.google.inject.name.Names;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockInitiator;
import org.hcasim.block.BlockInitiatorContext;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.BlockProtocol;
import org.hcasim.block.BlockTarget;
import org.hcasim.block.BlockTargetContext;
import org.hcasim.core.config.ConfigLoader;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.config.UserException;
import org.hcasim.core.plugin.InstalledUlp;
import org.hcasim.core.plugin.InstalledUlps;
import org.hcasim.host.Host;
import org.hcasim.spi.UlpProvider;
import org.junit.jupiter.api.Test;

/** A block testbed builds one injector from the ULPs it names and takes their block roles from it. */
class BlockTestbedInjectionTest {

    /** Block roles that get their settings injected; connecting succeeds at once with no devices. */
    static final class InjectedProtocol implements BlockProtocol {
        String greeting;
        Host injectedInitiator;
        Host targetRoleHost;
        Host initiatorRoleHost;

        @Inject
        void receive(@Named("greeting") String greeting, @Named("initiator") Host initiator) {
            this.greeting = greeting;
            this.injectedInitiator = initiator;
        }

        @Override public String description() { return "test roles"; }

        @Override
        public BlockTarget createTarget(BlockTargetContext context) {
            targetRoleHost = context.host();
            return new BlockTarget() {
                @Override public String address() { return context.address(); }
                @Override public List<BlockNamespaceSpec> namespaces() { return context.namespaces(); }
                @Override public void start() { }
            };
        }

        @Override
        public BlockInitiator createInitiator(BlockInitiatorContext context) {
            initiatorRoleHost = context.host();
            return new BlockInitiator() {
                @Override public void connect(Runnable connected, Consumer<String> failed) { connected.run(); }
                @Override public List<BlockDevice> devices() { return List.of(); }
            };
        }
    }

    /** A block ULP whose module binds the greeting its protocol receives, and notes that it was installed. */
    static final class TestUlp implements UlpProvider {
        private final String name;
        InjectedProtocol lastProtocol;
        int modulesInstalled;

        TestUlp(String name) { this.name = name; }

        @Override public String name() { return name; }
        @Override public String description() { return name + " test ULP"; }
        @Override public Map<String, String> defaultConfiguration() { return Map.of(); }

        @Override
        public Module module() {
            return new AbstractModule() {
                @Override
                protected void configure() {
                    modulesInstalled++;
                    bind(String.class).annotatedWith(Names.named("greeting")).toInstance("hello from the " + name + " module");
                }
            };
        }

        @Override
        public Optional<BlockProtocol> blockProtocol() {
            lastProtocol = new InjectedProtocol();
            return Optional.of(lastProtocol);
        }
    }

    private final TestUlp probe = new TestUlp("probe");
    private final TestUlp other = new TestUlp("other");
    private final InstalledUlps installed = new InstalledUlps(List.of(
            new InstalledUlp(probe, InstalledUlp.CLASS_PATH, getClass().getClassLoader()),
            new InstalledUlp(other, InstalledUlp.CLASS_PATH, getClass().getClassLoader())));

    private BlockTestbed testbed(List<String> workloadUlps, String... settings) {
        HcasimConfig config = new ConfigLoader().ulps(installed.providers())
                .commandLine(ConfigLoader.parseSettings(List.of(settings))).load();
        return new BlockTestbed(BlockTestbedSpec.from(config), config, installed, workloadUlps);
    }

    @Test
    void the_block_roles_of_a_named_ulp_receive_what_its_module_binds() {
        BlockTestbed testbed = testbed(List.of("probe"));

        assertThat(probe.lastProtocol.greeting).isEqualTo("hello from the probe module");
        assertThat(probe.lastProtocol.injectedInitiator).isSameAs(testbed.initiatorHost());
        assertThat(testbed.devices("probe")).isEmpty();
        assertThat(probe.lastProtocol.targetRoleHost).isSameAs(testbed.targetHost());
        assertThat(probe.lastProtocol.initiatorRoleHost).isSameAs(testbed.initiatorHost());
    }

    @Test
    void ulps_the_testbed_does_not_name_are_not_installed() {
        BlockTestbed testbed = testbed(List.of("probe"));

        assertThat(probe.modulesInstalled).isEqualTo(1);
        assertThat(other.modulesInstalled).isZero();
        assertThat(other.lastProtocol).isNull();
        assertThat(testbed.blockUlps()).containsExactly("probe");
    }

    @Test
    void testbed_ulps_names_the_ulps_when_set() {
        BlockTestbed testbed = testbed(List.of(), "testbed.ulps=other");

        assertThat(testbed.blockUlps()).containsExactly("other");
        assertThat(probe.modulesInstalled).isZero();
        assertThat(other.lastProtocol.greeting).isEqualTo("hello from the other module");
    }

    @Test
    void a_named_ulp_that_is_not_installed_is_an_error_saying_where_it_was_named_and_what_is_installed() {
        assertThatThrownBy(() -> testbed(List.of("nosuch")))
                .isInstanceOf(UserException.class)
                .hasMessage("ioengine=nosuch: ULP 'nosuch' is not installed; installed: other, probe");
        assertThatThrownBy(() -> testbed(List.of(), "testbed.ulps=probe,nosuch"))
                .isInstanceOf(UserException.class)
                .hasMessage("testbed.ulps = probe,nosuch (from --set): ULP 'nosuch' is not installed; installed: other, probe");
    }

    @Test
    void a_workload_ulp_missing_from_testbed_ulps_is_a_config_error() {
        assertThatThrownBy(() -> testbed(List.of("probe"), "testbed.ulps=other"))
                .isInstanceOf(UserException.class)
                .hasMessage("the job asks for ioengine=probe but testbed.ulps = other (from --set) does not name it");
    }
}
