package org.hcasim.testkit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.core.config.ConfigLayer;
import org.hcasim.core.config.ConfigLoader;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.config.LayerKind;
import org.hcasim.core.plugin.InstalledUlp;
import org.hcasim.core.plugin.InstalledUlps;
import org.hcasim.core.testbed.BlockTestbed;
import org.hcasim.core.testbed.BlockTestbedSpec;
import org.hcasim.fio.FioResults;
import org.hcasim.fio.FioRun;
import org.hcasim.fio.FioTestbed;
import org.hcasim.fio.JobFileParser;
import org.hcasim.spi.UlpProvider;

/**
 * One plugin installed alone in an hcasim, and fio jobs run on a block testbed of it, as {@code hcasim fio}
 * runs them: the built-in defaults and profiles, the plugin's defaults, then the given settings as the testbed
 * layer. For plugin tests that want more than the contract suite.
 */
public final class PluginTestbed {
    private final UlpProvider provider;
    private final InstalledUlps installed;

    public PluginTestbed(UlpProvider provider) {
        this.provider = provider;
        this.installed = new InstalledUlps(List.of(
                new InstalledUlp(provider, InstalledUlp.CLASS_PATH, provider.getClass().getClassLoader())));
    }

    /** The effective configuration with {@code settings} as the testbed file. */
    public HcasimConfig config(Map<String, String> settings) {
        return new ConfigLoader().ulps(installed.providers())
                .testbed(ConfigLayer.of("contract test testbed", LayerKind.TESTBED, new LinkedHashMap<>(settings)))
                .load();
    }

    /** What one run produced: fio's results, the error lines it printed, the testbed (for its counters). */
    public record Run(FioResults results, List<String> errors, BlockTestbed testbed, HcasimConfig config) {
        public boolean ok() {
            return !results.anyError() && errors.isEmpty();
        }
    }

    /**
     * Runs the fio job text on a testbed configured by {@code settings}, then checks that every key the settings
     * name was read (a {@link org.hcasim.core.config.ConfigException} otherwise, as {@code hcasim fio} reports it).
     */
    public Run fio(Map<String, String> settings, String job) {
        HcasimConfig config = config(settings);
        JobFileParser.JobSet jobs = JobFileParser.parse(List.of(new JobFileParser.JobFileText("contract.fio", job)));
        BlockTestbed testbed = new BlockTestbed(BlockTestbedSpec.from(config), config, installed, jobs.ioengines());
        List<String> errors = new java.util.ArrayList<>();
        FioResults results = new FioRun(FioTestbed.of(testbed, config), errors::add).run(jobs);
        config.checkAllKeysUsed();
        return new Run(results, List.copyOf(errors), testbed, config);
    }

    public UlpProvider provider() {
        return provider;
    }
}
