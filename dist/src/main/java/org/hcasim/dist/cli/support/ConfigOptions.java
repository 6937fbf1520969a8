package org.hcasim.dist.cli.support;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.config.ConfigLayer;
import org.hcasim.core.config.ConfigLoader;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.config.LayerKind;
import picocli.CommandLine.Option;

/**
 * The configuration options every command that runs something shares: {@code --set key=value}
 * (repeatable) and {@code --testbed FILE}. Use as {@code @Mixin ConfigOptions config;} and call
 * {@link #load(Installation)} for the layered configuration.
 */
public final class ConfigOptions {

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "Override a configuration key (repeatable); highest precedence.")
    List<String> settings = new ArrayList<>();

    @Option(names = "--testbed", paramLabel = "FILE", description = "Testbed properties file, layered below --set.")
    Path testbed;

    /** The {@code --testbed} file, if given. */
    public java.util.Optional<Path> testbedFile() {
        return java.util.Optional.ofNullable(testbed);
    }

    /** The {@code --set} values as given. */
    public List<String> settings() {
        return List.copyOf(settings);
    }

    /** The effective configuration: built-in defaults, profiles, plugins, conf/, the testbed, --set. */
    public HcasimConfig load(Installation installation) {
        return loader(installation).load();
    }

    /** The loader with this command line's layers, for callers that add their own testbed layers first. */
    public ConfigLoader loader(Installation installation) {
        ConfigLoader loader = new ConfigLoader().ulps(installation.ulps().providers());
        installation.siteConfiguration().ifPresent(loader::distributionConf);
        if (testbed != null) {
            loader.testbed(ConfigLayer.fromFile("testbed " + testbed, LayerKind.TESTBED, testbed));
        }
        return loader.commandLine(ConfigLoader.parseSettings(settings));
    }
}
