package org.hcasim.dist.mrbench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.hcasim.core.config.ConfigLoader;
import org.hcasim.core.config.TextFiles;
import org.hcasim.core.mrcache.MrCachePolicies;
import org.hcasim.dist.cli.support.ConfigOptions;
import org.hcasim.dist.experiment.MrBenchWorkload;
import org.hcasim.dist.experiment.render.ReproduceOutputs;
import org.hcasim.dist.experiment.run.SimulationWorkloadRunner;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.WorkloadOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code hcasim mr-bench}: threads registering user MRs through the MR cache, timed in simulation. */
@Command(name = "mr-bench", mixinStandardHelpOptions = true,
        description = {"Time T threads, each registering N user MRs of P pages (ib_reg_user_mr through the device's MR"
                + " cache), then optionally deregistering them: elapsed simulated time, per-call latency percentiles,"
                + " the MR cache's counters and what bounds the run.",
            "Runs on the block testbed's initiator host (host.profile or testbed.initiator.profile, hca.profile);"
                + " threads on cores 1..T."},
        footer = {"", "Examples:", "  hcasim mr-bench --mrs 100000 --policy search-larger",
            "  hcasim mr-bench --mrs 10000 --threads 5 --free --format json",
            "  hcasim mr-bench --set host.profile=xeon-e5-2699v4 --set hca.mr-cache.limits=", "",
            "The MR cache and what the numbers mean: docs/mr-cache.md."})
public final class MrBenchCommand implements Callable<Integer> {

    public enum Format { text, json }

    @Option(names = "--mrs", paramLabel = "N", defaultValue = "10000", description = "MRs each thread registers (default: ${DEFAULT-VALUE}).")
    int mrs;

    @Option(names = "--threads", paramLabel = "T", defaultValue = "1", description = "Registering threads, one per core (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--pages", paramLabel = "P", defaultValue = "64", description = "4 KiB pages per MR (default: ${DEFAULT-VALUE}, 256 KiB).")
    int pages;

    @Option(names = "--policy", paramLabel = "NAME",
            description = "MR cache lookup policy: search-larger or strict (default: the HCA profile's hca.mr-cache.policy).")
    String policy;

    @Option(names = "--free", description = "Then deregister every MR (all threads start once all have registered).")
    boolean free;

    @Option(names = "--format", defaultValue = "text", description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Mixin
    ConfigOptions config;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Map<String, String> settings = new LinkedHashMap<>();
        if (policy != null) {
            MrCachePolicies.named(policy); // one line listing the choices when unknown
            settings.put(MrCachePolicies.KEY, policy);
        }
        TestbedSpec testbed = testbed(settings);
        MrBenchWorkload bench = new MrBenchWorkload(new MrBenchWorkload.Options(threads, mrs, pages, free),
                TerminalProgress.forTerminal());
        long wall = System.nanoTime();
        WorkloadOutcome outcome = SimulationWorkloadRunner.installed().runCustom(testbed, bench,
                ConfigLoader.parseSettings(config.settings()), 1, Optional.empty());
        String policyName = outcome.report().policies().getOrDefault(MrCachePolicies.KEY, "none");
        String where = bench.where() + ", MR cache policy " + policyName;
        var out = spec.commandLine().getOut();
        out.print(format == Format.json ? ReproduceOutputs.json(MrBenchReport.tree(bench, where, outcome.report()))
                : MrBenchReport.text(bench, where, outcome.report()));
        out.flush();
        var err = spec.commandLine().getErr();
        err.printf(Locale.ROOT, "mr-bench: simulated in %.1f s of wall time%n", (System.nanoTime() - wall) / 1e9);
        err.flush();
        return 0;
    }

    private TestbedSpec testbed(Map<String, String> settings) {
        Optional<Path> file = config.testbedFile();
        if (file.isEmpty()) {
            return new TestbedSpec("mr-bench", "", settings);
        }
        return new TestbedSpec("testbed " + file.get(), TextFiles.read(file.get(), "testbed file"), settings);
    }
}
