package org.hcasim.fio;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.hcasim.block.BlockDevice;
import org.hcasim.core.config.UserException;
import org.hcasim.core.fault.Faults;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.Host;

/**
 * Runs a {@link JobFileParser.JobSet} on a testbed: binds each job to its device and core, then runs the
 * jobs, all at once except that a stonewalled job waits for every job before it. The simulation's resource
 * statistics (host CPU and the rest of the run report) restart when the first group's ramp ends, so they
 * cover the interval fio's statistics cover.
 */
public final class FioRun {

    /**
     * No I/O of {@code wave} completed for the I/O timeout, and none of its jobs waits for a device's error recovery
     * (requeued requests are not timed: the wait restarts the clock).
     */
    private static boolean stalled(List<JobRunner> wave, long[] progress, EventLoop loop) {
        if (loop.now() - progress[0] <= IO_TIMEOUT_NS) return false;
        for (JobRunner r : wave) {
            if (!r.finished() && r.waitsForRecovery()) {
                progress[0] = loop.now();
                return false;
            }
        }
        return true;
    }

    /**
     * No completion for this long ends the run: twice Linux's default block I/O timeout (nvme_core.io_timeout, SCSI's
     * 30 s), so a ULP that models that timeout acts on it first (the NVMe/RDMA host's error recovery).
     */
    static final long IO_TIMEOUT_NS = 60_000_000_000L;

    private final FioTestbed testbed;
    private final Consumer<String> errors;
    private final List<String> notes = new ArrayList<>();
    private boolean steadyStateByDefault;

    /** The values of {@code sim.steady-state}. */
    public enum SteadyStateSetting { ON, OFF }

    /** Time-based jobs shorter than this run their whole runtime: stopping early would save little. */
    static final long STEADY_STATE_MIN_RUNTIME_NS = 1_000_000_000L;
    /** Watches what reads return when the run flips bits of data a backstore keeps; null otherwise. */
    private CorruptionOracle oracle;

    /** {@code errors} receives fio's error reports (verify failures, I/O errors) as they happen. */
    public FioRun(FioTestbed testbed, Consumer<String> errors) {
        this.testbed = testbed;
        this.errors = errors;
    }

    /**
     * {@code sim.steady-state}: whether long time-based jobs without fio's {@code ss} stop once their IOPS are steady
     * ({@link BatchMeansSteadyState}). Off unless asked, so that a caller runs exactly the jobs it wrote;
     * {@code hcasim fio} and sweeps pass the setting, which is on by default.
     */
    /**
     * Told how far the run is, about every {@value #PROGRESS_EVENTS} events, for a progress bar: the share of the
     * jobs' work done (by runtime for time-based jobs, else by the I/Os or bytes their plan has issued) and the
     * simulated time. It only watches: the run is the same with or without one.
     */
    public interface Progress {
        Progress NONE = (fraction, simulatedNs) -> { };

        void at(double fractionDone, long simulatedNs);
    }

    /** Events between two progress reports (a power of two: the check is a mask). */
    public static final int PROGRESS_EVENTS = 1 << 14;

    private Progress progressListener = Progress.NONE;

    /** Reports how far the run is to {@code listener} while it runs (see {@link Progress}). */
    public FioRun progress(Progress listener) {
        this.progressListener = listener;
        return this;
    }

    /** sim.time-limit's default: an hour of simulated time. */
    public static final long DEFAULT_TIME_LIMIT_NS = 3_600_000_000_000L;
    private long timeLimitNs = DEFAULT_TIME_LIMIT_NS;

    /**
     * Simulated time the jobs may take (sim.time-limit): a run still going after it ends with a one-line error instead
     * of running on for hours of wall time (a rate-limited job over a huge size, recovery that keeps retrying).
     */
    public FioRun timeLimit(long ns) {
        if (ns <= 0) throw new IllegalArgumentException("time limit " + ns + " ns: must be positive");
        this.timeLimitNs = ns;
        return this;
    }

    public FioRun steadyStateByDefault(boolean on) {
        this.steadyStateByDefault = on;
        return this;
    }

    /** What the run did differently from the job's words (a file run on a device, ...), each once, after {@link #run}. */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    /** Runs all jobs (on every initiator host); returns their results in job order, host by host. */
    public FioResults run(JobFileParser.JobSet jobSet) {
        return run(jobSet, 0, r -> { });
    }

    /**
     * As {@link #run(JobFileParser.JobSet)}, handing {@code status} the results so far every {@code statusIntervalNs}
     * of simulated time (fio's {@code --status-interval}; 0 = never).
     */
    public FioResults run(JobFileParser.JobSet jobSet, long statusIntervalNs, Consumer<FioResults> status) {
        checkVerifiable(jobSet);
        List<Host> hosts = testbed.initiatorHosts();
        Faults faults = Faults.of(testbed.simulation());
        oracle = faults.settings().dataFaults() && testbed.keepsData() ? new CorruptionOracle(faults.ledger()) : null;
        List<List<JobRunner>> perHost = new ArrayList<>();
        for (int h = 0; h < hosts.size(); h++) perHost.add(prepare(jobSet.jobs(), hosts.get(h), h));
        Simulation sim = testbed.simulation();
        EventLoop loop = sim.loop();
        long start = loop.now();
        faults.workloadStarts(start);
        List<FioJob> jobs = jobSet.jobs();
        int i = 0;
        while (i < jobs.size()) {
            int end = i + 1;
            while (end < jobs.size() && !jobs.get(end).stonewall()) end++;
            List<JobRunner> wave = new ArrayList<>();
            for (List<JobRunner> runners : perHost) wave.addAll(runners.subList(i, end));
            int[] remaining = {wave.size()};
            long[] progress = {loop.now()};
            long rampEnd = i == 0 ? measureFromRampEnd(wave, sim) : EventLoop.NO_EVENT;
            long runtimeEnd = i == 0 && end == jobs.size() ? measureUntilRuntimeEnd(wave, sim) : EventLoop.NO_EVENT;
            if (i == 0 && statusIntervalNs > 0) reportEvery(statusIntervalNs, jobSet, perHost, hosts, sim, status);
            // a wave stopped at steady state ends the resources' measured interval there, as its runtime would have
            LongConsumer stopped = at -> {
                if (loop.cancel(runtimeEnd)) sim.resources().stopStats(at);
            };
            List<SteadyStateWatch> watches = steadyStateWatches(wave, sim, stopped);
            for (JobRunner r : wave) r.start(() -> remaining[0]--, progress);
            long maxRamp = wave.stream().mapToLong(r -> r.result.job.rampNs()).max().orElse(0);
            for (SteadyStateWatch w : watches) w.start(w.batchMeans() != null ? maxRamp : 0);
            long limit = start + timeLimitNs;
            java.util.function.BooleanSupplier over = () -> remaining[0] == 0 || stalled(wave, progress, loop)
                    || loop.now() > limit;
            loop.runUntil(progressListener == Progress.NONE ? over : reporting(over, wave, i, end, jobs.size(), loop));
            if (remaining[0] != 0 && loop.now() > limit) {
                String waiting = String.join("; ", wave.stream().filter(r -> !r.finished()).map(JobRunner::waitingFor).toList());
                throw new UserException("the jobs ran past sim.time-limit (" + timeLimitNs / 1_000_000_000L
                        + " s of simulated time): " + waiting + "; raise sim.time-limit to let them run longer");
            }
            if (remaining[0] != 0) {
                String waiting = String.join("; ", wave.stream().filter(r -> !r.finished()).map(JobRunner::waitingFor).toList());
                throw new UserException("no I/O completed for " + IO_TIMEOUT_NS / 1_000_000_000L
                        + " s of simulated time (twice the kernel's I/O timeout" + (loop.pending() == 0 ? "; nothing left to simulate" : "")
                        + "): " + waiting);
            }
            // the group ended within its ramp, so it measured nothing: neither do the resources
            if (loop.cancel(rampEnd)) sim.resources().resetStats(loop.now());
            for (SteadyStateWatch w : watches) {
                if (w.batchMeans() != null && w.stoppedAfterNs() >= 0) notes.add(steadyStateNote(wave, w));
            }
            i = end;
        }
        statusDone = true;
        List<JobResult> results = new ArrayList<>();
        java.util.Map<String, String> logs = new java.util.LinkedHashMap<>();
        for (List<JobRunner> runners : perHost) {
            for (JobRunner r : runners) {
                results.add(r.result);
                logs.putAll(r.logFiles());
            }
        }
        return new FioResults(jobSet, results, hosts.size() == 1 ? List.of() : hosts.stream().map(Host::name).toList(),
                loop.now() - start, logs, faults.any() ? faults.ledger() : null);
    }

    private boolean statusDone;

    /**
     * {@code over}, reporting progress every {@link #PROGRESS_EVENTS} checks (one check per event): jobs before
     * {@code first} are done, the wave's share is its slowest runner's.
     */
    private java.util.function.BooleanSupplier reporting(java.util.function.BooleanSupplier over, List<JobRunner> wave, int first,
                                                         int end, int jobs, EventLoop loop) {
        int[] checks = {0};
        return () -> {
            if ((++checks[0] & (PROGRESS_EVENTS - 1)) == 0) {
                double slowest = 1;
                for (JobRunner r : wave) slowest = Math.min(slowest, r.fractionDone(loop.now()));
                progressListener.at((first + slowest * (end - first)) / jobs, loop.now());
            }
            return over.getAsBoolean();
        };
    }

    /** fio's --status-interval: a report of every job's results so far, each interval, until the run ends. */
    private void reportEvery(long intervalNs, JobFileParser.JobSet jobSet, List<List<JobRunner>> perHost, List<Host> hosts,
                             Simulation sim, Consumer<FioResults> status) {
        sim.loop().after(intervalNs, () -> {
            if (statusDone) return;
            List<JobResult> now = new ArrayList<>();
            for (List<JobRunner> runners : perHost) for (JobRunner r : runners) now.add(r.snapshot(sim.now()));
            status.accept(new FioResults(jobSet, now, hosts.size() == 1 ? List.of() : hosts.stream().map(Host::name).toList(),
                    sim.now(), java.util.Map.of()));
            reportEvery(intervalNs, jobSet, perHost, hosts, sim, status);
        });
    }

    /**
     * A verify job reads back what it wrote, which a backstore that keeps no data cannot give: refused before the
     * run, naming the fix, rather than failing every block after it.
     */
    private void checkVerifiable(JobFileParser.JobSet jobSet) {
        // without payload bytes nothing can be verified at all: the job's own check says so
        if (testbed.keepsData() || !testbed.initiatorHost().memory().payloadReal()) return;
        for (FioJob job : jobSet.jobs()) {
            if (job.verify() != VerifyType.NONE && (job.doVerify() || !job.rw().writes)) {
                throw new JobFileException("job '" + job.name() + "': verify=" + job.verify().fioName + " reads back what was written,"
                        + " but the target's backstore keeps no data (testbed.target.backstore=null): add --set testbed.target.backstore=ram");
            }
        }
    }

    /**
     * Restarts the resource statistics when the ramp of the first group ends (its longest ramp_time, so every
     * job measures), as fio restarts its getrusage accounting there: host CPU % is then (busy time since the
     * ramp end) / (cores x measured interval), like the jobs' own cpu lines. Later groups' ramps fall inside
     * this one interval of the run. Returns the handle of the event.
     */
    private static long measureFromRampEnd(List<JobRunner> firstGroup, Simulation sim) {
        long ramp = firstGroup.stream().mapToLong(r -> r.result.job.rampNs()).max().orElse(0);
        return sim.loop().after(ramp, () -> sim.resources().resetStats(sim.now()));
    }

    /**
     * When every job of the run is time-based (one group), the resource statistics stop when the runtime is
     * over, as mpstat sampling the steady state would: the I/Os still in flight then drain without being counted.
     */
    private static long measureUntilRuntimeEnd(List<JobRunner> jobs, Simulation sim) {
        if (!jobs.stream().allMatch(r -> r.result.job.timeBased() && r.result.job.runtimeNs() > 0)) return EventLoop.NO_EVENT;
        long end = jobs.stream().mapToLong(r -> r.result.job.rampNs() + r.result.job.runtimeNs()).max().orElse(0);
        return sim.loop().after(end, () -> sim.resources().stopStats(sim.now()));
    }

    /**
     * Who watches the wave for steady state: fio's {@code ss} per job (per reporting group with group_reporting);
     * else, when {@code sim.steady-state} is on and every job is time-based for at least
     * {@link #STEADY_STATE_MIN_RUNTIME_NS}, the default rule over the whole wave.
     */
    private List<SteadyStateWatch> steadyStateWatches(List<JobRunner> wave, Simulation sim, LongConsumer stopped) {
        List<SteadyStateWatch> out = new ArrayList<>();
        if (wave.stream().anyMatch(r -> r.result.job.steadyState() != null)) {
            Map<String, List<JobRunner>> groups = new java.util.LinkedHashMap<>();
            for (JobRunner r : wave) {
                SteadyState ss = r.result.job.steadyState();
                if (ss == null || !ss.enabled()) continue;
                String key = r.result.host + "/" + (r.result.job.groupReporting() ? "g" + r.result.job.groupId() : "j" + r.result.job.jobNumber());
                groups.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
            }
            for (List<JobRunner> g : groups.values()) out.add(SteadyStateWatch.fio(g, g.get(0).result.job.steadyState(), sim, stopped));
            return out;
        }
        boolean longTimeBased = wave.stream().allMatch(r -> r.result.job.timeBased()
                && r.result.job.runtimeNs() >= STEADY_STATE_MIN_RUNTIME_NS);
        if (steadyStateByDefault && longTimeBased) out.add(SteadyStateWatch.batchMeans(wave, sim, stopped));
        return out;
    }

    /** A simulated duration as a reader writes it: whole seconds, else milliseconds. */
    private static String time(long ns) {
        return ns % 1_000_000_000L == 0 ? ns / 1_000_000_000L + "s" : Math.round(ns / 1e6) + "ms";
    }

    private static String steadyStateNote(List<JobRunner> wave, SteadyStateWatch w) {
        FioJob first = wave.get(0).result.job;
        long jobs = wave.stream().map(r -> r.result.job.name()).distinct().count();
        String who = jobs == 1 ? "job '" + first.name() + "'" : "jobs '" + first.name() + "' and " + (jobs - 1) + " more";
        BatchMeansSteadyState b = w.batchMeans();
        return String.format(java.util.Locale.ROOT, "steady state: %s stopped after %s of runtime=%s, its IOPS steady within"
                        + " %.0f%% (batch means of %d ms windows: drift %.2f%%, 95%% half-width %.2f%%); --set sim.steady-state=off"
                        + " runs the whole runtime", who, time(w.stoppedAfterNs() - first.rampNs()),
                time(first.runtimeNs()), 100 * BatchMeansSteadyState.TOLERANCE,
                BatchMeansSteadyState.WINDOW_NS / 1_000_000, 100 * b.relativeDrift, 100 * b.relativeHalfWidth);
    }

    private List<JobRunner> prepare(List<FioJob> jobs, Host host, int hostIndex) {
        FioCosts costs = FioCosts.from(host.cpuCosts(), host.name(), testbed.submitPath());
        Map<List<Integer>, Integer> usersOfCpuSet = new HashMap<>();
        List<JobRunner> runners = new ArrayList<>();
        int spread = 0;
        if (hostIndex == 0) { // before any initiator connects
            for (FioJob job : jobs) engine(job);
            RunMemoryBudget.check(jobs, testbed.footprint(), Runtime.getRuntime().maxMemory());
        }
        List<List<BlockDevice>> devices = new ArrayList<>();
        for (FioJob job : jobs) {
            devices.add(devices(job, hostIndex));
        }
        for (int j = 0; j < jobs.size(); j++) {
            FioJob job = jobs.get(j);
            int core;
            if (job.cpus().isEmpty()) {
                core = spread++ % host.coreCount();
            } else {
                for (int cpu : job.cpus()) {
                    if (cpu >= host.coreCount()) {
                        throw new JobFileException("job '" + job.name() + "': cpus_allowed names CPU " + cpu + " but host '"
                                + host.name() + "' has " + host.coreCount() + " cores (0-" + (host.coreCount() - 1) + ")");
                    }
                }
                int k = usersOfCpuSet.merge(job.cpus(), 1, Integer::sum) - 1;
                core = job.cpus().get(k % job.cpus().size());
            }
            JobRunner runner = new JobRunner(job, host, devices.get(j), core, costs, errors, oracle);
            runner.result.host = host.name();
            runners.add(runner);
        }
        return runners;
    }

    /** The job names a block ULP as its ioengine (a host engine was mapped to one before); nothing is connected yet. */
    private static void engine(FioJob job) {
        if (job.ioengine() == null || HostEngines.isHostEngine(job.ioengine())) {
            String engine = job.ioengine() == null ? HostEngines.DEFAULT_ENGINE : job.ioengine();
            throw new JobFileException("job '" + job.name() + "': ioengine=" + engine
                    + " is a host I/O engine and no block ULP is installed to stand in for it (e.g. nvmeof, iser, srp)");
        }
    }

    private List<BlockDevice> devices(FioJob job, int hostIndex) {
        engine(job);
        List<BlockDevice> devices = testbed.devices(job.ioengine(), hostIndex);
        if (devices.isEmpty()) {
            throw new UserException("ioengine " + job.ioengine() + " exposes no block devices");
        }
        List<String> found = new ArrayList<>();
        List<BlockDevice> out = HostEngines.devices(job, devices, found);
        found.stream().filter(n -> !notes.contains(n)).forEach(notes::add);
        return out;
    }
}
