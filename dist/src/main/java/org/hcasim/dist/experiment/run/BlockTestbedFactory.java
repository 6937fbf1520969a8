package org.hcasim.dist.experiment.run;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hcasim.block.BlockDevice;
import org.hcasim.core.config.ConfigLayer;
import org.hcasim.core.config.ConfigLoader;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.config.LayerKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.testbed.BlockTestbed;
import org.hcasim.core.testbed.BlockTestbedSpec;
import org.hcasim.dist.cli.support.Installation;
import org.hcasim.dist.fio.FioTestbed;
import org.hcasim.host.Host;
import org.hcasim.spi.TestbedSpec;

/**
 * Experiment testbeds as {@code hcasim fio} builds them ({@link BlockTestbed}), with the configuration
 * layered: installation defaults and profiles, the experiment's testbed file, the point's settings,
 * then {@code --set}. The point's seed goes in as {@code sim.seed} between the file and the settings,
 * so a {@code --set sim.seed=} still wins.
 */
public final class BlockTestbedFactory implements TestbedFactory {

    @Override
    public Built build(TestbedSpec testbed, List<String> workloadUlps, Map<String, String> overrides, long seed) {
        Installation installation = Installation.current();
        ConfigLoader loader = new ConfigLoader().ulps(installation.ulps().providers());
        installation.siteConfiguration().ifPresent(loader::distributionConf);
        HcasimConfig config = loader
                .testbed(ConfigLayer.fromProperties(testbed.source(), LayerKind.TESTBED, testbed.properties()))
                .testbed(ConfigLayer.of("experiment point seed", LayerKind.TESTBED, Map.of("sim.seed", Long.toString(seed))))
                .testbed(ConfigLayer.of("experiment point", LayerKind.TESTBED, testbed.settings()))
                .commandLine(overrides)
                .load();
        BlockTestbed block = new BlockTestbed(BlockTestbedSpec.from(config), config, installation.ulps(), workloadUlps);
        FioTestbed fio = new FioTestbed() {
            @Override
            public Simulation simulation() {
                return block.simulation();
            }

            @Override
            public Host initiatorHost() {
                return block.initiatorHost();
            }

            @Override
            public List<BlockDevice> devices(String ioengine) {
                return block.devices(ioengine);
            }
        };
        return new Built(block.simulation(), key -> config.isKnown(key) ? Optional.of(config.getString(key)) : Optional.empty(),
                Optional.of(fio), () -> block.spec().ulps().stream().filter(block.blockUlps()::contains).forEach(block::devices),
                config::checkAllKeysUsed);
    }
}
