package org.hcasim.core.sim;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/**
 * The kernel is layered: the primitive collections at the bottom, then sim, then host and hw side by side, then
 * profile; nothing reaches up.
 */
class KernelLayeringTest {
    private static final JavaClasses KERNEL = new ClassFileImporter()
            .withImportOption(location -> !location.contains("test-classes"))
            .importPackages("org.hcasim.core.collect", "org.hcasim.core.sim", "org.hcasim.core.host", "org.hcasim.core.hw",
                    "org.hcasim.core.profile");

    private static final String[] ENGINE_ABOVE_KERNEL = {
        "org.hcasim.core.verbs..", "org.hcasim.core.testbed..", "org.hcasim.core.config..",
        "org.hcasim.core.inject..", "org.hcasim.core.plugin.."};

    @Test
    void the_primitive_collections_depend_on_the_jdk_only() {
        com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes().that().resideInAPackage("org.hcasim.core.collect")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "org.hcasim.core.collect")
                .check(KERNEL);
    }

    @Test
    void the_simulation_core_depends_on_no_other_engine_package() {
        noClasses().that().resideInAPackage("org.hcasim.core.sim")
                .should().dependOnClassesThat().resideInAnyPackage("org.hcasim.core.host..", "org.hcasim.core.hw..",
                        "org.hcasim.core.profile..")
                .check(KERNEL);
    }

    @Test
    void hosts_and_hardware_do_not_depend_on_each_other_or_on_profiles() {
        noClasses().that().resideInAPackage("org.hcasim.core.host")
                .should().dependOnClassesThat().resideInAnyPackage("org.hcasim.core.hw..", "org.hcasim.core.profile..")
                .check(KERNEL);
        noClasses().that().resideInAPackage("org.hcasim.core.hw")
                .should().dependOnClassesThat().resideInAnyPackage("org.hcasim.core.host..", "org.hcasim.core.profile..")
                .check(KERNEL);
    }

    @Test
    void the_kernel_does_not_reach_up_into_verbs_testbeds_or_configuration() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage(ENGINE_ABOVE_KERNEL).check(KERNEL);
    }
}
