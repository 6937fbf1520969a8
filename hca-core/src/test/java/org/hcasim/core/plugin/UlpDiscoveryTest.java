package org.hcasim.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.hcasim.spi.UlpProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UlpDiscoveryTest {

    /** A plugin as a third party writes it; its description tells what it can see of the engine. */
    private static final String TINY = """
            package com.example.tiny;
            public final class TinyProvider implements org.hcasim.spi.UlpProvider {
                public String name() { return "tiny"; }
                public String description() {
                    try {
                        Class.forName("org.hcasim.core.config.HcasimConfig");
                        return "sees the engine";
                    } catch (ClassNotFoundException e) {
                        return "sees only the API";
                    }
                }
                public java.util.Map<String, String> defaultConfiguration() { return java.util.Map.of("tiny.depth", "4"); }
            }
            """;

    @TempDir
    static Path home;
    static Path ulpDir;

    @BeforeAll
    static void installTinyPlugin() throws IOException {
        ulpDir = home.resolve("ulp");
        Path folder = Files.createDirectories(ulpDir.resolve("tiny"));
        PluginJar.build(folder.resolve("tiny-1.0.jar"), "com.example.tiny.TinyProvider", Map.of("com.example.tiny.TinyProvider", TINY));
    }

    /** A class path with nothing but the given services files (the provider classes come from the test class path). */
    private static ClassLoader classPathWithServices(Path dir, String... providerClasses) throws IOException {
        Path services = Files.createDirectories(dir.resolve("META-INF/services"));
        Files.writeString(services.resolve(UlpProvider.class.getName()), String.join("\n", providerClasses) + "\n");
        return new URLClassLoader(new URL[] {dir.toUri().toURL()}, UlpDiscoveryTest.class.getClassLoader());
    }

    private static final ClassLoader EMPTY_CLASS_PATH = new URLClassLoader(new URL[0], null);

    @Test
    void a_plugin_jar_dropped_into_a_ulp_folder_is_found_with_its_own_class_loader() {
        InstalledUlps installed = UlpDiscovery.discover(EMPTY_CLASS_PATH, ulpDir);

        InstalledUlp tiny = installed.get("tiny");
        assertThat(installed.names()).containsExactly("tiny");
        assertThat(tiny.origin()).isEqualTo(ulpDir.resolve("tiny").toString());
        assertThat(tiny.provider().getClass().getClassLoader()).isSameAs(tiny.loader()).isInstanceOf(URLClassLoader.class);
        assertThat(tiny.loader().getName()).isEqualTo("ulp-tiny");
        assertThat(tiny.provider().defaultConfiguration()).containsEntry("tiny.depth", "4");
    }

    @Test
    void a_folder_plugin_sees_the_api_but_not_the_engine() throws Exception {
        InstalledUlp tiny = UlpDiscovery.discover(EMPTY_CLASS_PATH, ulpDir).get("tiny");

        assertThat(tiny.provider().description()).isEqualTo("sees only the API");
        assertThat(tiny.loader().loadClass(UlpProvider.class.getName())).isSameAs(UlpProvider.class);
        assertThat(tiny.loader().loadClass("java.util.List")).isSameAs(java.util.List.class);
        assertThatThrownBy(() -> tiny.loader().loadClass(UlpDiscovery.class.getName()))
                .isInstanceOf(ClassNotFoundException.class);
        assertThat(tiny.loader().getResource("org/hcasim/core/config/defaults.properties")).isNull();
    }

    @Test
    void plugins_on_the_class_path_are_found_too_and_say_so(@TempDir Path dir) throws IOException {
        InstalledUlps installed = UlpDiscovery.discover(classPathWithServices(dir, FakeUlp.class.getName()), ulpDir);

        assertThat(installed.names()).containsExactly("fake", "tiny");
        assertThat(installed.get("fake").origin()).isEqualTo(InstalledUlp.CLASS_PATH);
        assertThat(installed.get("fake").provider()).isInstanceOf(FakeUlp.class);
    }

    @Test
    void a_plugin_installed_twice_is_an_error_naming_both_places(@TempDir Path dir) throws IOException {
        Path otherUlps = Files.createDirectories(dir.resolve("ulp"));
        Path folder = Files.createDirectories(otherUlps.resolve("fake"));
        PluginJar.build(folder.resolve("fake.jar"), "com.example.FakeUlp", Map.of("com.example.FakeUlp", """
                package com.example;
                public final class FakeUlp implements org.hcasim.spi.UlpProvider {
                    public String name() { return "fake"; }
                    public String description() { return "another fake"; }
                    public java.util.Map<String, String> defaultConfiguration() { return java.util.Map.of(); }
                }
                """));

        assertThatThrownBy(() -> UlpDiscovery.discover(classPathWithServices(dir.resolve("cp"), FakeUlp.class.getName()), otherUlps))
                .isInstanceOf(PluginException.class)
                .hasMessageContaining("plugin fake is installed twice: from class path")
                .hasMessageContaining("and from " + folder);
    }

    @Test
    void a_services_file_naming_a_missing_class_is_a_plugin_error(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> UlpDiscovery.discover(classPathWithServices(dir, "com.example.Missing"), null))
                .isInstanceOf(PluginException.class)
                .hasMessageContaining("cannot load plugin from class path")
                .hasMessageContaining("com.example.Missing");
    }

    @Test
    void a_plugin_folder_without_a_provider_is_an_error(@TempDir Path dir) throws IOException {
        Path folder = Files.createDirectories(dir.resolve("ulp/empty"));
        Files.write(folder.resolve("nothing.jar"), new byte[0]);

        assertThatThrownBy(() -> UlpDiscovery.discover(EMPTY_CLASS_PATH, dir.resolve("ulp")))
                .isInstanceOf(PluginException.class);
    }

    @Test
    void asking_for_a_plugin_that_is_not_installed_lists_the_installed_ones() {
        InstalledUlps installed = UlpDiscovery.discover(EMPTY_CLASS_PATH, ulpDir);

        assertThatThrownBy(() -> installed.select(java.util.List.of("tiny", "srp")))
                .isInstanceOf(PluginException.class)
                .hasMessage("ULP 'srp' is not installed; installed: tiny");
    }
}
