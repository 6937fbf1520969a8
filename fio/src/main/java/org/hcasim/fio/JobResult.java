package org.hcasim.fio;

/** What one job (or, merged, one reporting group) did: per-direction stats, CPU, depths, error. */
final class JobResult {
    /** fio's IO depth buckets: 1, 2, 4, 8, 16, 32, >=64. */
    static final String[] DEPTH_LABELS = {"1", "2", "4", "8", "16", "32", ">=64"};

    /** fio's submit/complete batch buckets: I/Os per submit or reap call, 0, 1-4, 5-8, ..., 33-64, more. */
    static final String[] BATCH_LABELS = {"0", "4", "8", "16", "32", "64", ">=64"};

    final FioJob job;
    /** The initiator host the job ran on (fio --client's hostname). */
    String host = "";
    final DirectionStats read = new DirectionStats();
    final DirectionStats write = new DirectionStats();
    long usrNs;
    long sysNs;
    long contextSwitches;
    final long[] depthSubmits = new long[DEPTH_LABELS.length];
    final long[] submitBatches = new long[BATCH_LABELS.length];
    final long[] completeBatches = new long[BATCH_LABELS.length];
    /** Flushes (fsync, fdatasync, end_fsync): fio's "sync" latencies, issue to completion. */
    final LatencyStats sync = new LatencyStats();
    long issuedReads;
    long issuedWrites;
    long issuedSyncs;
    /** errno of the first error (0 = none) and fio's description of it. */
    int error;
    String errorText = "";
    /** Errors the job went on after ({@code continue_on_error}), and the first of them. */
    long totalErrors;
    int firstError;
    String firstErrorText = "";
    /** ns from job start to its end, ramp included (fio's "elapsed"). */
    long elapsedNs;
    /** ns the statistics cover (from the end of the ramp to the end of the job). */
    long runtimeNs;
    int jobs = 1;
    /** fio's steady-state judgement of the job (or its reporting group), null without {@code ss}. */
    FioSteadyStateCriterion steadyState;

    JobResult(FioJob job) {
        this.job = job;
    }

    static int depthBucket(int depth) {
        if (depth <= 1) return 0;
        if (depth <= 2) return 1;
        if (depth <= 4) return 2;
        if (depth <= 8) return 3;
        if (depth <= 16) return 4;
        if (depth <= 32) return 5;
        return 6;
    }

    static int batchBucket(int ios) {
        if (ios == 0) return 0;
        if (ios <= 4) return 1;
        if (ios <= 8) return 2;
        if (ios <= 16) return 3;
        if (ios <= 32) return 4;
        if (ios <= 64) return 5;
        return 6;
    }

    /** Merges {@code other} into this one (group_reporting). */
    void add(JobResult other) {
        read.add(other.read);
        write.add(other.write);
        usrNs += other.usrNs;
        sysNs += other.sysNs;
        contextSwitches += other.contextSwitches;
        for (int i = 0; i < depthSubmits.length; i++) depthSubmits[i] += other.depthSubmits[i];
        for (int i = 0; i < submitBatches.length; i++) submitBatches[i] += other.submitBatches[i];
        for (int i = 0; i < completeBatches.length; i++) completeBatches[i] += other.completeBatches[i];
        sync.add(other.sync);
        issuedReads += other.issuedReads;
        issuedWrites += other.issuedWrites;
        issuedSyncs += other.issuedSyncs;
        totalErrors += other.totalErrors;
        if (firstError == 0 && other.firstError != 0) {
            firstError = other.firstError;
            firstErrorText = other.firstErrorText;
        }
        if (error == 0 && other.error != 0) {
            error = other.error;
            errorText = other.errorText;
        }
        elapsedNs = Math.max(elapsedNs, other.elapsedNs);
        runtimeNs = Math.max(runtimeNs, other.runtimeNs);
        jobs += other.jobs;
        if (steadyState == null) steadyState = other.steadyState;
    }

    /**
     * This result as of now, as if the job ended here (for {@code --status-interval}): its counters so far over
     * {@code runtimeNs} of measured time; a job already done keeps its own.
     */
    JobResult snapshot(long runtime, long elapsed, boolean done) {
        JobResult s = new JobResult(job);
        s.host = host;
        s.add(this);
        s.jobs = jobs;
        s.steadyState = steadyState;
        if (!done) {
            s.runtimeNs = runtime;
            s.elapsedNs = elapsed;
            s.read.runtimeNs = runtime;
            s.write.runtimeNs = runtime;
        }
        return s;
    }

    /** CPU percent over the runtime, as fio computes usr_cpu/sys_cpu (per job, so up to 100% per thread). */
    double usrPercent() {
        return percent(usrNs);
    }

    double sysPercent() {
        return percent(sysNs);
    }

    private double percent(long ns) {
        // a merged group sums CPU of several threads over the same runtime: fio averages per job
        return runtimeNs <= 0 ? 0 : 100.0 * ns / ((double) runtimeNs * jobs);
    }
}
