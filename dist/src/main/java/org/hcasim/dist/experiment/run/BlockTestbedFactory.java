package org.hcasim.dist.experiment.run;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hcasim.core.config.ConfigLayer;
import org.hcasim.core.config.ConfigLoader;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.config.LayerKind;
import org.hcasim.core.policy.TestbedPolicies;
import org.hcasim.core.testbed.BlockTestbed;
import org.hcasim.core.testbed.BlockTestbedSpec;
import org.hcasim.core.verbs.UserMrReports;
import org.hcasim.dist.cli.support.Installation;
import org.hcasim.fio.FioTestbed;
import org.hcasim.spi.RunReport;
import org.hcasim.spi.policy.PolicyKind;
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
        FioTestbed fio = FioTestbed.of(block, config);
        return new Built(block.simulation(), key -> config.isKnown(key) ? Optional.of(config.getString(key)) : Optional.empty(),
                Optional.of(fio), () -> block.spec().ulps().stream().filter(block.blockUlps()::contains).forEach(block::devices),
                config::checkAllKeysUsed, report -> withFaults(UserMrReports.annotate(annotate(report, block.policies()),
                        block.simulation().hosts()), block.faults()), block::messageEndpoint);
    }

    /** The account of the point's injected faults (docs/faults.md), a table per section, when it injected any. */
    static RunReport withFaults(RunReport report, org.hcasim.core.fault.Faults faults) {
        RunReport r = report;
        if (faults.any()) {
            for (var table : faults.ledger().tables()) r = r.withTable(table);
        }
        return r;
    }

    /**
     * The policies the testbed's roles chose, and the receive buffers their SRQ policies commit. (The user-MR
     * registrations' figures are added by {@link UserMrReports}.)
     */
    public static RunReport annotate(RunReport report, TestbedPolicies policies) {
        RunReport r = report.withPolicies(policies.inForce());
        return policies.inForce().keySet().stream().anyMatch(k -> PolicyKind.ofKey(k).orElse(null) == PolicyKind.SRQ)
                ? r.withMemory("receive buffers", policies.receiveBufferBytes()) : r;
    }
}
