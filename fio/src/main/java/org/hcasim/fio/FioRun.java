package org.hcasim.fio;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
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

    /** Linux's default block I/O timeout (nvme_io_timeout, SCSI's 30 s): no completion for this long ends the run. */
    static final long IO_TIMEOUT_NS = 30_000_000_000L;

    private final FioTestbed testbed;
    private final Consumer<String> errors;
    /** Watches what reads return when the run flips bits of data a backstore keeps; null otherwise. */
    private CorruptionOracle oracle;

    /** {@code errors} receives fio's error reports (verify failures, I/O errors) as they happen. */
    public FioRun(FioTestbed testbed, Consumer<String> errors) {
        this.testbed = testbed;
        this.errors = errors;
    }

    /** Runs all jobs (on every initiator host); returns their results in job order, host by host. */
    public FioResults run(JobFileParser.JobSet jobSet) {
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
            if (i == 0 && end == jobs.size()) measureUntilRuntimeEnd(wave, sim);
            for (JobRunner r : wave) r.start(() -> remaining[0]--, progress);
            loop.runUntil(() -> remaining[0] == 0 || loop.now() - progress[0] > IO_TIMEOUT_NS);
            if (remaining[0] != 0) {
                String waiting = String.join("; ", wave.stream().filter(r -> !r.finished()).map(JobRunner::waitingFor).toList());
                throw new UserException("no I/O completed for " + IO_TIMEOUT_NS / 1_000_000_000L
                        + " s of simulated time (the kernel's I/O timeout" + (loop.pending() == 0 ? "; nothing left to simulate" : "")
                        + "): " + waiting);
            }
            // the group ended within its ramp, so it measured nothing: neither do the resources
            if (loop.cancel(rampEnd)) sim.resources().resetStats(loop.now());
            i = end;
        }
        List<JobResult> results = new ArrayList<>();
        for (List<JobRunner> runners : perHost) {
            for (JobRunner r : runners) results.add(r.result);
        }
        return new FioResults(jobSet, results, hosts.size() == 1 ? List.of() : hosts.stream().map(Host::name).toList(),
                loop.now() - start, faults.any() ? faults.ledger() : null);
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
    private static void measureUntilRuntimeEnd(List<JobRunner> jobs, Simulation sim) {
        if (!jobs.stream().allMatch(r -> r.result.job.timeBased() && r.result.job.runtimeNs() > 0)) return;
        long end = jobs.stream().mapToLong(r -> r.result.job.rampNs() + r.result.job.runtimeNs()).max().orElse(0);
        sim.loop().after(end, () -> sim.resources().stopStats(sim.now()));
    }

    private List<JobRunner> prepare(List<FioJob> jobs, Host host, int hostIndex) {
        FioCosts costs = FioCosts.from(host.cpuCosts(), host.name());
        Map<List<Integer>, Integer> usersOfCpuSet = new HashMap<>();
        List<JobRunner> runners = new ArrayList<>();
        int spread = 0;
        if (hostIndex == 0) { // before any initiator connects
            for (FioJob job : jobs) engine(job);
            RunMemoryBudget.check(jobs, testbed.footprint(), Runtime.getRuntime().maxMemory());
        }
        for (FioJob job : jobs) {
            BlockDevice device = device(job, hostIndex);
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
            JobRunner runner = new JobRunner(job, host, device, core, costs, errors, oracle);
            runner.result.host = host.name();
            runners.add(runner);
        }
        return runners;
    }

    /** The job names a block ULP as its ioengine (not a host engine); its devices are not connected yet. */
    private static void engine(FioJob job) {
        if (job.ioengine() == null) {
            throw new JobFileException("job '" + job.name() + "' has no ioengine: set ioengine= to a block ULP (e.g. nvmeof, iser, srp)");
        }
        if (HOST_ENGINES.contains(job.ioengine())) {
            throw new JobFileException("job '" + job.name() + "': ioengine=" + job.ioengine()
                    + " is a host I/O engine; in hcasim ioengine names the block ULP to simulate (e.g. nvmeof, iser, srp)");
        }
    }

    private BlockDevice device(FioJob job, int hostIndex) {
        engine(job);
        List<BlockDevice> devices = testbed.devices(job.ioengine(), hostIndex);
        if (devices.isEmpty()) {
            throw new UserException("ioengine " + job.ioengine() + " exposes no block devices");
        }
        if (job.filename() == null) return devices.get(0);
        String want = job.filename().startsWith("/dev/") ? job.filename().substring(5) : job.filename();
        for (BlockDevice d : devices) {
            if (d.name().equals(want)) return d;
        }
        throw new JobFileException("job '" + job.name() + "': filename=" + job.filename() + " is not a device of ioengine "
                + job.ioengine() + " (devices: " + String.join(", ", devices.stream().map(BlockDevice::name).toList()) + ")");
    }

    private static final java.util.Set<String> HOST_ENGINES = java.util.Set.of(
            "libaio", "io_uring", "io_uring_cmd", "psync", "sync", "pvsync", "pvsync2", "vsync", "posixaio", "mmap",
            "spdk", "spdk_bdev", "rdma", "null", "splice", "sg", "net", "netsplice", "cpuio", "windowsaio", "xnvme", "nbd");
}
