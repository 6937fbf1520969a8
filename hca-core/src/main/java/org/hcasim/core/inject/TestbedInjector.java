package org.hcasim.core.inject;

import com.google.inject.AbstractModule;
import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Module;
import com.google.inject.Stage;
import com.google.inject.multibindings.MapBinder;
import com.google.inject.util.Providers;
import java.util.ArrayList;
import java.util.List;
import org.hcasim.block.BlockProtocol;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.config.UserException;
import org.hcasim.core.plugin.InstalledUlp;
import org.hcasim.core.plugin.InstalledUlps;
import org.hcasim.spi.UlpProvider;

/**
 * Builds the one Guice injector of a testbed: the core bindings (configuration, plus the engine modules
 * the caller passes, e.g. the testbed's hosts and its {@link org.hcasim.spi.policy.PolicyRegistry}), then the
 * module of each ULP the testbed names, in that order. Runs in {@link Stage#PRODUCTION} with explicit bindings required, so every singleton
 * is built up front and nothing is bound by accident.
 *
 * <p>Bindings every testbed has: {@link HcasimConfig}; {@code Map<String, UlpProvider>} (the testbed's
 * ULPs by name); {@code Map<String, BlockProtocol>} (the block roles of the testbed's ULPs that have them,
 * by ULP name).
 *
 * <p>A ULP's {@link UlpProvider#blockProtocol()} is called once per testbed and bound as an instance,
 * so Guice injects its {@code @Inject} fields and methods from this injector (the plugin's own module
 * included) when the testbed is built; a plugin whose protocol has such members returns a new object
 * per call. The provider itself is shared by all testbeds (and experiment points run in parallel), so
 * it is bound without member injection.
 */
public final class TestbedInjector {
    private TestbedInjector() { }

    /**
     * @param config      the testbed's effective configuration
     * @param installed   the installed plugins
     * @param ulpNames    the ULPs the testbed names (each must be installed)
     * @param coreModules engine bindings (simulation kernel, hosts, HCAs, ...)
     */
    public static Injector create(HcasimConfig config, InstalledUlps installed, List<String> ulpNames,
                                  Module... coreModules) {
        List<InstalledUlp> ulps = installed.select(ulpNames);
        List<Module> modules = new ArrayList<>();
        modules.add(new CoreModule(config, ulps));
        modules.addAll(List.of(coreModules));
        for (InstalledUlp ulp : ulps) {
            modules.add(ulp.provider().module());
        }
        try {
            return Guice.createInjector(Stage.PRODUCTION, modules);
        } catch (CreationException e) {
            // A user error thrown while building a singleton (e.g. a bad config value) stays a user error.
            for (var message : e.getErrorMessages()) {
                if (message.getCause() instanceof UserException u) {
                    throw u;
                }
            }
            throw e;
        }
    }

    /** The bindings that do not depend on any ULP, plus the ULPs' contributions as map bindings. */
    private static final class CoreModule extends AbstractModule {
        private final HcasimConfig config;
        private final List<InstalledUlp> ulps;

        CoreModule(HcasimConfig config, List<InstalledUlp> ulps) {
            this.config = config;
            this.ulps = ulps;
        }

        @Override
        protected void configure() {
            binder().requireExplicitBindings();
            bind(HcasimConfig.class).toInstance(config);

            var providers = MapBinder.newMapBinder(binder(), String.class, UlpProvider.class);
            var block = MapBinder.newMapBinder(binder(), String.class, BlockProtocol.class);
            for (InstalledUlp ulp : ulps) {
                UlpProvider p = ulp.provider();
                providers.addBinding(p.name()).toProvider(Providers.of(p)); // not toInstance: no injection into the shared provider
                p.blockProtocol().ifPresent(protocol -> block.addBinding(p.name()).toInstance(protocol));
            }
        }
    }
}
