package org.hcasim.fio;

import java.util.List;
import java.util.function.LongConsumer;
import org.hcasim.core.sim.Simulation;

/**
 * Watches jobs that run together and ends their I/O once the rate is steady: by fio's {@code ss} criterion (one
 * sample a second, {@link FioSteadyStateCriterion}) or by the simulator's default ({@link BatchMeansSteadyState}).
 * The jobs then stop issuing; what is in flight completes, as when fio terminates a job at steady state.
 */
final class SteadyStateWatch {
    private final List<JobRunner> jobs;
    private final Simulation sim;
    private final long intervalNs;
    private final FioSteadyStateCriterion fio;
    private final BatchMeansSteadyState batchMeans;
    private final LongConsumer stopped;
    private final Runnable check = this::check;
    private long startNs;
    private long lastIos;
    private long lastBytes;
    private boolean rampOver;
    private long stoppedAtNs = -1;

    private SteadyStateWatch(List<JobRunner> jobs, Simulation sim, long intervalNs, FioSteadyStateCriterion fio,
                             BatchMeansSteadyState batchMeans, LongConsumer stopped) {
        this.jobs = List.copyOf(jobs);
        this.sim = sim;
        this.intervalNs = intervalNs;
        this.fio = fio;
        this.batchMeans = batchMeans;
        this.stopped = stopped;
    }

    /** fio's ss for {@code group} (one job, or a reporting group); each job's result carries the criterion. */
    static SteadyStateWatch fio(List<JobRunner> group, SteadyState ss, Simulation sim, LongConsumer stopped) {
        FioSteadyStateCriterion criterion = new FioSteadyStateCriterion(ss);
        for (JobRunner r : group) r.result.steadyState = criterion;
        return new SteadyStateWatch(group, sim, SteadyState.SAMPLE_NS, criterion, null, stopped);
    }

    /** The default rule over a whole wave of jobs (they share the testbed, so they stop together). */
    static SteadyStateWatch batchMeans(List<JobRunner> wave, Simulation sim, LongConsumer stopped) {
        return new SteadyStateWatch(wave, sim, BatchMeansSteadyState.WINDOW_NS, null, new BatchMeansSteadyState(), stopped);
    }

    /** Starts watching {@code delayNs} from now (the jobs' ramp_time for the default rule: windows then count). */
    void start(long delayNs) {
        startNs = sim.now();
        sim.loop().after(delayNs + intervalNs, check);
    }

    /** Simulated ns from the start to the stop, or -1 while not stopped. */
    long stoppedAfterNs() {
        return stoppedAtNs < 0 ? -1 : stoppedAtNs - startNs;
    }

    BatchMeansSteadyState batchMeans() {
        return batchMeans;
    }

    private void check() {
        boolean running = false;
        long ios = 0;
        long bytes = 0;
        for (JobRunner r : jobs) {
            running |= !r.finished();
            ios += r.result.read.ios + r.result.write.ios;
            bytes += r.result.read.bytes + r.result.write.bytes;
        }
        if (!running) return;
        long dIos = ios - lastIos;
        long dBytes = bytes - lastBytes;
        lastIos = ios;
        lastBytes = bytes;
        boolean steady;
        if (fio != null) {
            // as fio: the check that finds the ramp over takes the baseline, the next one the first sample
            steady = rampOver && fio.sample(dIos, dBytes);
            rampOver |= sim.now() - startNs > fio.ss.rampNs();
        } else {
            steady = batchMeans.window(dIos);
        }
        if (!steady) {
            sim.loop().after(intervalNs, check);
            return;
        }
        stoppedAtNs = sim.now();
        for (JobRunner r : jobs) r.stopIssuing();
        stopped.accept(stoppedAtNs);
    }
}
