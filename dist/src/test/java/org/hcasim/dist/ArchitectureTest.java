package org.hcasim.dist;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.nio.file.Path;
import org.hcasim.core.plugin.UlpDiscovery;
import org.hcasim.dist.cli.support.Installation;

/**
 * The module rules of docs/architecture.md section 2, checked on every main class of every module
 * (dist's test class path holds them all, the ULPs included).
 */
@AnalyzeClasses(packages = "org.hcasim", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String[] API = {"org.hcasim.spi..", "org.hcasim.host..", "org.hcasim.verbs..", "org.hcasim.block..", "org.hcasim.message.."};
    /** The engine proper: everything of hca-core but its configuration (whose UserException every layer may throw). */
    private static final String[] ENGINE = {"org.hcasim.core.collect..", "org.hcasim.core.sim..", "org.hcasim.core.host..",
        "org.hcasim.core.hw..", "org.hcasim.core.profile..", "org.hcasim.core.verbs..", "org.hcasim.core.testbed..",
        "org.hcasim.core.inject..", "org.hcasim.core.plugin..", "org.hcasim.core.mrcache..", "org.hcasim.core.policy.."};
    private static final String[] JDK_AND_GUICE_API = {"java..", "javax..", "com.google.inject..", "jakarta.inject.."};

    @ArchTest
    static final ArchRule plugins_do_not_reach_into_the_engine = noClasses()
            .that().resideInAPackage("org.hcasim.ulp..")
            .should().dependOnClassesThat().resideInAnyPackage("org.hcasim.core..", "org.hcasim.dist..")
            .because("a ULP uses only what a third party could use: verbs-api (docs/architecture.md, principle 4)");

    @ArchTest
    static final ArchRule plugins_use_only_the_jdk_guice_and_the_api = classes()
            .that().resideInAPackage("org.hcasim.ulp..")
            .should().onlyDependOnClassesThat().resideInAnyPackage(concat(concat(JDK_AND_GUICE_API, API), "org.hcasim.ulp.."))
            .because("a plugin's class loader shows it nothing else of the host (ApiOnlyClassLoader)");

    @ArchTest
    static final ArchRule plugins_do_not_depend_on_each_other = slices()
            .matching("org.hcasim.ulp.(*)..")
            .should().notDependOnEachOther()
            .because("each plugin has its own class loader and may be left out of a distribution");

    @ArchTest
    static final ArchRule the_api_has_no_engine_configuration_or_logging = noClasses()
            .that().resideInAnyPackage(API)
            .should().dependOnClassesThat().resideInAnyPackage(
                    "org.apache.commons.configuration2..", "org.slf4j..", "org.hcasim.core..", "org.hcasim.dist..")
            .because("verbs-api holds only the JDK and the Guice API (docs/architecture.md section 2)");

    @ArchTest
    static final ArchRule the_api_uses_only_the_jdk_and_guice = classes()
            .that().resideInAnyPackage(API)
            .should().onlyDependOnClassesThat().resideInAnyPackage(concat(JDK_AND_GUICE_API, API));

    @ArchTest
    static final ArchRule the_engine_does_not_know_the_command_line = noClasses()
            .that().resideInAPackage("org.hcasim.core..")
            .should().dependOnClassesThat().resideInAnyPackage("org.hcasim.dist..", "org.hcasim.ulp..", "picocli..");

    @ArchTest
    static final ArchRule the_fio_workload_knows_no_command_line_and_no_plugin = noClasses()
            .that().resideInAPackage("org.hcasim.fio..")
            .should().dependOnClassesThat().resideInAnyPackage("org.hcasim.dist..", "org.hcasim.ulp..", "picocli..")
            .because("fio runs over any block ULP's devices, for the distribution and for the plugin test kit alike");

    @ArchTest
    static final ArchRule the_experiment_grid_knows_nothing_of_references_rendering_or_the_engine = noClasses()
            .that().resideInAPackage("org.hcasim.dist.experiment.grid")
            .should().dependOnClassesThat().resideInAnyPackage(concat(ENGINE, "org.hcasim.dist.experiment.compare..",
                    "org.hcasim.dist.experiment.render..", "org.hcasim.dist.experiment.run.."))
            .because("the grid and the sweep only cross axes and run points on threads");

    @ArchTest
    static final ArchRule comparing_with_references_does_not_render_or_run = noClasses()
            .that().resideInAPackage("org.hcasim.dist.experiment.compare")
            .should().dependOnClassesThat().resideInAnyPackage(concat(ENGINE, "org.hcasim.dist.experiment.render..",
                    "org.hcasim.dist.experiment.run.."));

    @ArchTest
    static final ArchRule renderers_draw_outcomes_and_do_not_run_anything = noClasses()
            .that().resideInAPackage("org.hcasim.dist.experiment.render")
            .should().dependOnClassesThat().resideInAnyPackage(concat(ENGINE, "org.hcasim.dist.experiment.run.."));

    @ArchTest
    static final ArchRule the_engine_glue_does_not_know_grids_references_or_renderers = noClasses()
            .that().resideInAPackage("org.hcasim.dist.experiment.run")
            .should().dependOnClassesThat().resideInAnyPackage("org.hcasim.dist.experiment.grid..",
                    "org.hcasim.dist.experiment.compare..", "org.hcasim.dist.experiment.render..");

    @ArchTest
    static final ArchRule the_verbs_engine_does_not_know_its_testbeds = noClasses()
            .that().resideInAPackage("org.hcasim.core.verbs..")
            .should().dependOnClassesThat().resideInAnyPackage("org.hcasim.core.testbed..", "org.hcasim.core.inject..",
                    "org.hcasim.core.config..")
            .because("testbeds assemble engines (VerbsTestbed, BlockTestbed); the engine does not assemble itself");

    @ArchTest
    static final ArchRule translation_and_signature_know_no_keys_and_no_queues = noClasses()
            .that().resideInAnyPackage("org.hcasim.core.verbs.translation", "org.hcasim.core.verbs.signature")
            .should().dependOnClassesThat().resideInAnyPackage("org.hcasim.core.verbs", "org.hcasim.core.verbs.mkey")
            .because("scatter-list mapping and the T10-PI wire view are pure functions of mappings and memory");

    @ArchTest
    static final ArchRule memory_keys_know_no_queue_pairs = noClasses()
            .that().resideInAPackage("org.hcasim.core.verbs.mkey")
            .should().dependOnClassesThat().resideInAPackage("org.hcasim.core.verbs")
            .because("keys are checked and accessed the same way for every QP; QPs use keys, not the reverse");

    @ArchTest
    static final ArchRule plugins_are_discovered_once_per_installation = noClasses()
            .that().resideOutsideOfPackage("org.hcasim.core.plugin")
            .and().doNotHaveFullyQualifiedName(Installation.class.getName())
            .should().callMethod(UlpDiscovery.class, "discover", ClassLoader.class, Path.class)
            .orShould().callMethod(UlpDiscovery.class, "discover")
            .because("a second discovery loads a plugin's classes again in new class loaders: objects of one ULP would"
                    + " then not be instances of its own classes as another part of hcasim loaded them"
                    + " (reproduce rds-dim once lost its lost-connection check that way)");

    @ArchTest
    static final ArchRule no_package_cycles = slices()
            .matching("org.hcasim.(**)")
            .should().beFreeOfCycles();

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
