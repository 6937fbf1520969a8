package org.hcasim.dist.experiment.run;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.plugin.InstalledUlps;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.testbed.BlockTestbed;
import org.hcasim.core.testbed.BlockTestbedSpec;
import org.hcasim.core.verbs.UserMrReports;
import org.hcasim.dist.report.RunReports;
import org.hcasim.fio.FioResults;
import org.hcasim.fio.FioRun;
import org.hcasim.fio.FioTestbed;
import org.hcasim.fio.HostEngines;
import org.hcasim.fio.JobFileParser;
import org.hcasim.spi.RunReport;
import org.hcasim.spi.UlpProvider;

/**
 * One fio run as {@code hcasim fio} makes it, for the command and for sweeps: host engines mapped to the installed
 * block ULPs, the block testbed built from the configuration, the jobs run, every configuration key checked for use,
 * and the run report of fio's measured interval (utilisation per resource, the bottleneck, the policies in force).
 */
public final class FioJobRun {

    /** What the run gave: fio's results, the run report, and the notes on what ran differently from the job's words. */
    public record Outcome(FioResults results, RunReport report, List<String> notes) {
    }

    private FioJobRun() {
    }

    /** The installed ULPs with block roles, NVMe-oF first (the default a host engine maps to). */
    public static List<String> blockUlps(InstalledUlps installed) {
        List<String> out = new ArrayList<>(installed.providers().stream().filter(u -> u.blockProtocol().isPresent())
                .map(UlpProvider::name).sorted().toList());
        if (out.remove("nvmeof")) out.add(0, "nvmeof");
        return out;
    }

    /**
     * Runs {@code parsed} on the testbed {@code config} describes; {@code errors} gets fio's error lines as they happen,
     * {@code status} the results so far every {@code statusIntervalNs} (0 = never).
     */
    public static Outcome run(JobFileParser.JobSet parsed, HcasimConfig config, InstalledUlps installed,
                              Consumer<String> errors, long statusIntervalNs, Consumer<FioResults> status) {
        return run(parsed, config, installed, errors, statusIntervalNs, status, FioRun.Progress.NONE);
    }

    /** sim.time-limit, 1 s .. 10^6 s. */
    static long timeLimit(HcasimConfig config) {
        long ns = config.getDurationNanos("sim.time-limit");
        if (ns < 1_000_000_000L || ns > 1_000_000_000_000_000L) {
            throw new org.hcasim.spi.InvalidSettingException("sim.time-limit", config.getString("sim.time-limit")
                    + " (from " + config.sourceOf("sim.time-limit") + ")", "1s..1000000s");
        }
        return ns;
    }

    /** As the other {@code run}, telling {@code progress} how far the run is while it runs (a terminal's bar). */
    public static Outcome run(JobFileParser.JobSet parsed, HcasimConfig config, InstalledUlps installed,
                              Consumer<String> errors, long statusIntervalNs, Consumer<FioResults> status,
                              FioRun.Progress progress) {
        BlockTestbedSpec spec = BlockTestbedSpec.from(config);
        JobFileParser.JobSet jobs = HostEngines.map(parsed, blockUlps(installed), spec.ulps());
        BlockTestbed testbed = new BlockTestbed(spec, config, installed, jobs.ioengines());
        FioRun run = new FioRun(FioTestbed.of(testbed, config), errors)
                .steadyStateByDefault(config.getEnum("sim.steady-state", FioRun.SteadyStateSetting.class) == FioRun.SteadyStateSetting.ON)
                .progress(progress)
                .timeLimit(timeLimit(config));
        FioResults results = run.run(jobs, statusIntervalNs, status);
        config.checkAllKeysUsed();
        Simulation sim = testbed.simulation();
        RunReport report = UserMrReports.annotate(BlockTestbedFactory.annotate(RunReports.from(sim.resources(), sim.now()),
                testbed.policies()), sim.hosts());
        List<String> notes = new ArrayList<>(jobs.notes());
        run.notes().stream().filter(n -> !notes.contains(n)).forEach(notes::add);
        return new Outcome(results, report, notes);
    }
}
