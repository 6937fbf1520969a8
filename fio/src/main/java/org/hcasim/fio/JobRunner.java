package org.hcasim.fio;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.BlockStatus;
import org.hcasim.block.PiControl;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;

/**
 * One fio job as a simulated thread on one core of the initiator host: it keeps {@code iodepth} I/Os
 * outstanding; each wake-up reaps the completed I/Os (one system call) and submits new ones (one system
 * call), as fio does with an asynchronous engine. CPU it spends in user space (fio's own work, verify
 * checksums, software PI) is usr time; system calls, context switches, the block layer and what the
 * ULP charges inside {@code submit} are sys time. Statistics start when the ramp time ends. Where the next I/O
 * goes is the {@link IoPlan}'s; rate limits ({@link RateLimiter}) and think time make the thread sleep.
 *
 * <p>Near 500 lines on purpose: issuing, reaping and the phase steps share the slots, the counters and the phase,
 * and split apart they would hand that state around; the parts with state of their own are classes of their own
 * ({@link IoPlan}, {@link RateLimiter}, {@link JobErrors}, {@link VerifyCursor}, {@link JobLogs}, {@link IoSlot}).
 */
final class JobRunner {

    /** I/O, then the end-of-job flush, then verify; a job with loops goes round again. */
    private enum Phase { IO, END_FLUSH, VERIFY, DONE }

    private final FioJob job;
    private final Host host;
    private final int core;
    private final FioCosts costs;
    private final CorruptionOracle oracle;
    final JobResult result;

    private final List<JobRegion> regions;
    private final BlockFormat format;
    private final boolean hostPi;
    private final PiControl piControl;
    private final IoPlan plan;
    private final SplittableRandom rng;
    private final VerifyCodec codec;
    private final RateLimiter rate;
    private final JobLogs logs;
    private final ArrayDeque<IoSlot> free = new ArrayDeque<>();
    private final ArrayDeque<IoSlot> completed = new ArrayDeque<>();
    private final List<IoSlot> allSlots = new ArrayList<>();
    /** The labels and tasks of the per-reap wake-up, built once (not a string concatenation and two lambdas per reap). */
    private final String threadLabel;
    private final String wakeUpLabel;
    private final Runnable reapTask = this::reap;
    private final Runnable wakeUp = this::wakeUp;

    private Phase phase = Phase.IO;
    private final JobErrors jobErrors;
    private VerifyCursor verifyCursor;
    private Runnable onFinished;
    private long[] progressClock;
    private long startNs;
    private long statsStartNs;
    private long endNs;
    private int inflight;
    private int numberio;
    private int loopsLeft;
    private boolean reapScheduled;
    private boolean wakeScheduled;
    private boolean flushWanted;
    private JobRegion lastWritten;
    private int endFlushes;
    private int sinceThink;
    private boolean draining;

    /** Checks the job against the devices and the host; problems are {@link JobFileException}s naming the job. */
    JobRunner(FioJob job, Host host, List<BlockDevice> devices, int core, FioCosts costs, Consumer<String> errors) {
        this(job, host, devices, core, costs, errors, null);
    }

    /** As above, with the run's {@link CorruptionOracle} (null: none) watching what reads return. */
    JobRunner(FioJob job, Host host, List<BlockDevice> devices, int core, FioCosts costs, Consumer<String> errors,
              CorruptionOracle oracle) {
        this.oracle = oracle;
        this.job = job;
        this.threadLabel = "fio " + job.name();
        this.wakeUpLabel = "fio wake-up " + job.name();
        this.host = host;
        this.core = core;
        this.costs = costs;
        this.result = new JobResult(job);
        this.jobErrors = new JobErrors(job, result, errors);
        long seed = job.randseed() * 0x9E3779B97F4A7C15L + job.jobNumber() + (job.randrepeat() ? 0 : 0x5DEECE66DL);
        List<JobRegion> rs = new ArrayList<>();
        for (int i = 0; i < devices.size(); i++) rs.add(new JobRegion(job, devices.get(i), i, devices.size(), seed));
        this.regions = List.copyOf(rs);
        this.format = devices.get(0).format();
        int blockSize = format.blockSize();
        String name = devices.get(0).name();
        boolean anyCheck = job.pi().chkGuard() || job.pi().chkAppTag() || job.pi().chkRefTag();
        if (!format.hasPi() && (anyCheck || job.pi().mdPerIoSize() > 0)) {
            fail("pi_chk/md_per_io_size need a device formatted with protection information; " + name
                    + " is formatted " + format.text() + " without PI");
        }
        this.hostPi = format.hasPi() && job.pi().hostSuppliesPi();
        this.piControl = format.hasPi() ? job.pi().control() : PiControl.NONE;
        int maxBs = (int) job.maxBs();
        long mdNeeded = (long) (maxBs / blockSize) * BlockFormat.PI_TUPLE_BYTES;
        if (hostPi && job.pi().mdPerIoSize() < mdNeeded) {
            fail("pi_act=0 on " + name + " (" + format.text() + ") needs md_per_io_size >= " + mdNeeded
                    + " for bs=" + maxBs + ", got " + job.pi().mdPerIoSize());
        }
        boolean verifying = job.verify() != VerifyType.NONE;
        if (verifying && !host.memory().payloadReal()) {
            fail("verify=" + job.verify().fioName + " needs payload bytes; the simulation runs with payload mode 'elided'");
        }
        this.codec = verifying ? new VerifyCodec(job.verify(),
                job.verifyPattern() != null ? job.verifyPattern() : VerifyCodec.defaultPattern(), name) : null;
        if (codec != null && job.minBs() < codec.minimumBlock()) {
            fail("verify=" + job.verify().fioName + " needs bs >= " + codec.minimumBlock());
        }
        this.rng = new SplittableRandom(seed);
        this.plan = new IoPlan(job, regions, rng);
        this.rate = job.pacing().rateLimited() ? new RateLimiter(job.pacing(), new SplittableRandom(seed ^ 0x6A09E667F3BCC909L)) : null;
        this.logs = job.reporting().logs() ? new JobLogs(job) : null;
        this.loopsLeft = job.amounts().loops() - 1;
        for (int i = 0; i < job.iodepth(); i++) {
            long data = host.memory().allocatePayload(maxBs, 4096);
            long md = hostPi ? host.memory().allocatePayload(mdNeeded, 8) : BlockRequest.NO_METADATA;
            IoSlot s = new IoSlot(data, md, maxBs, this::completed);
            if (codec == null) {
                rng.nextBytes(s.buf); // fio fills write buffers with random data once (refill_buffers off)
                host.memory().write(data, s.buf, 0, maxBs);
            }
            free.add(s);
            allSlots.add(s);
        }
    }

    private void fail(String message) {
        throw new JobFileException("job '" + job.name() + "': " + message);
    }

    int core() {
        return core;
    }

    /** One line on what the job waits for, for the stall report. */
    String waitingFor() {
        return "job '" + job.name() + "' has " + inflight + " I/O(s) outstanding on "
                + String.join(":", regions.stream().map(r -> r.device.name()).toList());
    }

    boolean finished() {
        return phase == Phase.DONE;
    }

    /** Whether a device of the job is in its transport's error recovery (its I/Os wait legitimately). */
    boolean waitsForRecovery() {
        for (JobRegion r : regions) {
            if (r.device.recovering()) return true;
        }
        return false;
    }

    /**
     * Starts the thread now (called outside a task); {@code onFinished} runs when the job is done, and
     * {@code progressClock[0]} is set to the time of every reap (for the run's stall watchdog).
     */
    void start(Runnable onFinished, long[] progressClock) {
        this.onFinished = onFinished;
        this.progressClock = progressClock;
        host.run(core, Priority.THREAD, "fio " + job.name(), () -> {
            startNs = host.now();
            statsStartNs = startNs + job.rampNs();
            endNs = job.runtimeNs() > 0 ? statsStartNs + job.runtimeNs() : Long.MAX_VALUE;
            if (rate != null) rate.start(startNs);
            submitBatch();
            finishIfIdle();
        });
    }

    /**
     * How much of its work the job has done, in [0, 1], for a progress bar: of its ramp and runtime when it has one,
     * of the I/Os or bytes its plan issues when it is not time-based (whichever is further).
     */
    double fractionDone(long nowNs) {
        if (phase == Phase.DONE) return 1;
        if (onFinished == null || nowNs < startNs) return 0;
        double f = job.runtimeNs() > 0 ? (double) (nowNs - startNs) / (job.rampNs() + job.runtimeNs()) : 0;
        if (!job.timeBased()) f = Math.max(f, plan.fractionIssued());
        return Math.clamp(f, 0.0, 1.0);
    }

    /** Ends the I/O phase now (steady state): nothing new is issued, what is in flight completes. */
    void stopIssuing() {
        endNs = Math.min(endNs, host.now());
    }

    /** A snapshot of the job's statistics now (for {@code --status-interval}). */
    JobResult snapshot(long nowNs) {
        return result.snapshot(Math.max(0, nowNs - statsStartNs), Math.max(0, nowNs - startNs), phase == Phase.DONE);
    }

    Map<String, String> logFiles() {
        return logs == null ? Map.of() : logs.files();
    }

    private boolean counting() {
        return host.now() >= statsStartNs;
    }

    private void chargeUsr(long ns) {
        boolean count = counting();
        long used = host.charge(ns);
        if (count) result.usrNs += used;
    }

    private void chargeSys(long ns) {
        boolean count = counting();
        long used = host.charge(ns);
        if (count) result.sysNs += used;
    }

    /** Whether this phase has I/O left to issue, now or after a sleep. */
    private boolean moreToIssue() {
        if (result.error != 0) return false;
        return switch (phase) {
            case IO -> host.now() < endNs && plan.more();
            case END_FLUSH -> endFlushes < regions.size();
            case VERIFY -> verifyCursor.more();
            case DONE -> false;
        };
    }

    private boolean canIssue() {
        if (free.isEmpty() || draining || !moreToIssue()) return false;
        if (phase != Phase.IO) return true;
        if (sinceThink >= job.pacing().thinktimeBlocks() && job.pacing().thinktimeNs() > 0) return false;
        if (flushWanted) return true;
        return rate == null || rate.dueNs(plan.peekRead()) <= host.now();
    }

    private void submitBatch() {
        while (canIssue()) {
            boolean count = counting();
            chargeSys(costs.syscall());
            int n = 0;
            while (canIssue() && (job.batching().submit() == 0 || n < job.batching().submit())) {
                issue(free.poll());
                n++;
            }
            if (count) result.submitBatches[JobResult.batchBucket(n)]++;
        }
        if (free.isEmpty() && job.batching().low() > 0) draining = true;
        if (phase == Phase.IO && rate != null && !free.isEmpty() && !flushWanted && !draining && moreToIssue()) {
            long due = rate.dueNs(plan.peekRead());
            if (due > host.now()) sleepUntil(Math.min(due, endNs));
        }
    }

    private void issue(IoSlot s) {
        s.prepNs = host.now();
        chargeUsr(costs.fioIo());
        s.expected = null;
        if (phase == Phase.IO && flushWanted || phase == Phase.END_FLUSH) {
            // fsync=N flushes the device just written; end_fsync / fsync_on_close each device of the job
            s.region = phase == Phase.END_FLUSH ? regions.get(endFlushes++) : lastWritten;
            flushWanted = false;
            s.op = BlockOp.FLUSH;
            s.offset = 0;
            s.length = 0;
            result.issuedSyncs++;
        } else if (phase == Phase.VERIFY) {
            s.region = verifyCursor.region();
            Map.Entry<Long, JobRegion.Written> e = verifyCursor.next();
            s.op = BlockOp.READ;
            s.offset = e.getKey();
            s.length = e.getValue().length();
            s.expected = e.getValue();
        } else {
            IoPlan.Io io = plan.next();
            s.op = io.read() ? BlockOp.READ : BlockOp.WRITE;
            s.region = io.region();
            s.length = io.length();
            s.offset = io.offset();
            if (s.op == BlockOp.WRITE) {
                prepareWrite(s);
                lastWritten = s.region;
            }
            if (rate != null) rate.issued(io.read(), s.length);
            sinceThink++;
            if (s.op == BlockOp.WRITE && job.flushes().every() > 0 && (result.issuedWrites + 1) % job.flushes().every() == 0) {
                flushWanted = true;
            }
        }
        if (s.op == BlockOp.READ) result.issuedReads++;
        else if (s.op == BlockOp.WRITE) result.issuedWrites++;
        int bs = s.region.blockSize;
        if (oracle != null && s.op != BlockOp.FLUSH) {
            s.oracleNote = s.op == BlockOp.WRITE
                    ? oracle.writing(s.region.device.name(), s.offset, s.length, bs, host.memory(), s.dataIova)
                    : oracle.reading(s.region.device.name(), s.offset, s.length, bs);
        }
        if (s.op == BlockOp.WRITE) host.dataFaults().inMemory(host.memory(), s.dataIova, s.length, bs);
        BlockRequest request = s.op == BlockOp.FLUSH ? BlockRequest.flush()
                : new BlockRequest(s.op, s.offset / bs, s.length / bs, s.dataIova, s.metadataIova, piControl);
        if (costs.aioSubmit() > 0) chargeSys(costs.aioSubmit()); // 0 charges nothing, not even a zero charge
        chargeSys(costs.blockSubmit());
        boolean count = counting();
        long before = host.now();
        inflight++;
        if (SplitRequest.needed(request, s.region.device)) {
            int parts = SplitRequest.submit(s.region.device, request, s.done);
            chargeSys(costs.blockSubmit() * (parts - 1)); // each further part is one more request through blk-mq
        } else {
            s.region.device.submit(request, s.done);
        }
        if (count) result.sysNs += host.now() - before; // what the ULP charged inside submit
        s.submittedNs = host.now();
        if (count) result.depthSubmits[JobResult.depthBucket(inflight)]++;
    }

    private void prepareWrite(IoSlot s) {
        if (codec != null) {
            long seed = rng.nextLong();
            codec.fill(s.buf, s.length, s.offset, seed, job.jobNumber() + 1, numberio++, host.now());
            chargeUsr(costs.perByte(job.verify().fioName, s.length, host.name()));
            host.memory().write(s.dataIova, s.buf, 0, s.length);
            if (job.doVerify()) s.region.written.put(s.offset, new JobRegion.Written(s.length, seed));
        }
        if (hostPi) {
            HostPi.generate(s.buf, s.length, s.offset, format, job.pi().appTag(), host.memory(), s.metadataIova);
            chargeUsr(costs.perByte(org.hcasim.host.CpuCosts.CRC_T10DIF, s.length, host.name()));
        }
    }

    /** The device's completion: runs in the ULP's completion context; wakes the thread if it sleeps. */
    private void completed(IoSlot s, BlockCompletion c) {
        host.charge(costs.blockComplete());
        // libaio's completion runs here, not in io_getevents: the bio's end_io (blkdev_bio_end_io) calls the kiocb's
        // ki_complete, aio_complete_rw, which writes the io_event into the ring and wakes the io_getevents waiter
        if (costs.aioComplete() > 0) host.charge(costs.aioComplete()); // 0 charges nothing, not even a zero charge
        s.completion = c;
        completed.add(s);
        // iodepth_batch_complete_min: the thread sleeps until that many completed (or all that are outstanding)
        if (!reapScheduled && (completed.size() >= job.batching().completeMin() || completed.size() == inflight)) {
            reapScheduled = true;
            host.timer(costs.wakeupLatency(), core, wakeUpLabel, wakeUp);
        }
    }

    private void wakeUp() {
        host.run(core, Priority.THREAD, threadLabel, reapTask);
    }

    private void reap() {
        reapScheduled = false;
        progressClock[0] = Math.max(progressClock[0], host.now());
        if (counting()) result.contextSwitches++;
        chargeSys(costs.contextSwitch());
        int max = job.batching().completeMax();
        while (!completed.isEmpty()) {
            chargeSys(costs.syscall());
            int n = max == 0 ? completed.size() : Math.min(max, completed.size());
            if (counting()) result.completeBatches[JobResult.batchBucket(n)]++;
            for (int i = 0; i < n; i++) reapOne(completed.poll());
        }
        if (draining && inflight <= job.batching().low()) draining = false;
        submitBatch();
        finishIfIdle();
    }

    private void reapOne(IoSlot s) {
        inflight--;
        long now = host.now();
        if (!s.completion.ok()) {
            ioError(s, s.completion.status().errno(), s.completion.status().isProtectionError()
                    ? s.completion.detail() : JobErrors.strerror(s.completion.status().errno()) + " (" + s.completion.detail() + ")");
        } else if (s.op == BlockOp.READ && !checkRead(s) && oracle != null) {
            oracle.read(s.region.device.name(), s.offset, s.length, s.region.blockSize, s.oracleNote, host.memory(), s.dataIova);
        }
        if (oracle != null && s.op == BlockOp.WRITE) {
            oracle.written(s.region.device.name(), s.offset, s.region.blockSize, s.oracleNote, s.completion.ok());
        }
        if (now >= statsStartNs && s.completion.ok()) {
            long slat = s.submittedNs - s.prepNs;
            long clat = now - s.submittedNs;
            if (s.op == BlockOp.FLUSH) {
                result.sync.record(slat + clat);
            } else {
                int dir = s.op == BlockOp.READ ? 0 : 1;
                (dir == 0 ? result.read : result.write).record(statsStartNs, now, s.length, slat, clat, job.reporting());
                if (logs != null) logs.record(now - statsStartNs, dir, s.length, s.offset, slat, clat);
            }
        }
        free.add(s);
    }

    /** fio's checks of a read that completed: its PI, then verify; true when one failed (and was reported). */
    private boolean checkRead(IoSlot s) {
        // as fio's do_io(): verify reads of the verify phase, and every read of a read-only job
        boolean verifyThis = codec != null && (phase == Phase.VERIFY || !job.rw().writes);
        if (hostPi && piControl.checksAnything()) {
            // the guard's CRC is charged whether or not the payload is stored, so elided mode keeps the timing
            chargeUsr(costs.perByte(org.hcasim.host.CpuCosts.CRC_T10DIF, s.length, host.name()));
            if (host.memory().payloadReal()) {
                host.memory().read(s.dataIova, s.buf, 0, s.length);
                BlockCompletion bad = HostPi.check(s.buf, s.length, s.offset, format, piControl, host.memory(), s.metadataIova);
                if (bad != null) {
                    host.dataFaults().caught("fio PI check (CPU)");
                    ioError(s, BlockStatus.GUARD_CHECK_ERROR.errno(), bad.detail());
                    return true;
                }
            }
        }
        if (!verifyThis) return false;
        host.memory().read(s.dataIova, s.buf, 0, s.length);
        chargeUsr(costs.perByte(job.verify().fioName, s.length, host.name()));
        String problem = codec.check(s.buf, s.length, s.offset);
        if (problem == null && s.expected != null && job.verify() != VerifyType.PATTERN
                && VerifyHeader.seed(s.buf) != s.expected.seed()) {
            problem = String.format("verify: bad header rand_seed %d, wanted %d at file %s offset %d, length %d (requested block: offset=%d, length=%d)",
                    VerifyHeader.seed(s.buf), s.expected.seed(), s.region.device.name(), s.offset, s.length, s.offset, s.length);
        }
        if (problem == null) return false;
        host.dataFaults().caught("fio verify");
        jobErrors.verifyFailed(problem);
        return true;
    }

    private void ioError(IoSlot s, int errno, String detail) {
        jobErrors.ioFailed(s.op, s.region.device.name(), s.offset, s.length, errno, detail);
    }

    /** The thread sleeps (rate limit, think time) and wakes at {@code atNs} to go on issuing. */
    private void sleepUntil(long atNs) {
        if (wakeScheduled) return;
        wakeScheduled = true;
        host.timer(Math.max(0, atNs - host.now()), core, "fio sleep " + job.name(), () -> host.run(core, Priority.THREAD,
                "fio " + job.name(), () -> {
                    wakeScheduled = false;
                    progressClock[0] = Math.max(progressClock[0], host.now());
                    if (counting()) result.contextSwitches++;
                    chargeSys(costs.contextSwitch());
                    submitBatch();
                    finishIfIdle();
                }));
    }

    /** fio's thinktime: once the I/Os since the last think completed, spin, then sleep the rest. */
    private void think() {
        Pacing p = job.pacing();
        sinceThink = 0;
        chargeUsr(p.thinktimeSpinNs());
        sleepUntil(host.now() + p.thinktimeNs() - p.thinktimeSpinNs());
    }

    private void finishIfIdle() {
        if (inflight > 0 || wakeScheduled || canIssue() || phase == Phase.DONE) return;
        if (phase == Phase.IO && moreToIssue()) {
            if (job.pacing().thinktimeNs() > 0 && sinceThink >= job.pacing().thinktimeBlocks()) think();
            return; // a rate limit's wake-up is booked
        }
        Phase next = nextPhase();
        if (next != Phase.DONE) {
            phase = next;
            submitBatch();
            finishIfIdle();
            return;
        }
        phase = Phase.DONE;
        long end = host.now();
        result.elapsedNs = end - startNs;
        result.runtimeNs = Math.max(0, end - statsStartNs);
        result.read.runtimeNs = result.runtimeNs;
        result.write.runtimeNs = result.runtimeNs;
        for (IoSlot s : allSlots) {
            host.memory().free(s.dataIova);
            if (s.metadataIova != BlockRequest.NO_METADATA) host.memory().free(s.metadataIova);
        }
        onFinished.run();
    }

    /** The phase after this one: the end flush, verify, the next loop, or done. */
    private Phase nextPhase() {
        boolean ok = result.error == 0;
        if (phase == Phase.IO && ok && job.flushes().atEnd()) {
            endFlushes = 0;
            return Phase.END_FLUSH;
        }
        if ((phase == Phase.IO || phase == Phase.END_FLUSH) && ok && codec != null && job.doVerify()
                && regions.stream().anyMatch(r -> !r.written.isEmpty())) {
            verifyCursor = new VerifyCursor(regions);
            return Phase.VERIFY;
        }
        if (ok && loopsLeft > 0 && host.now() < endNs) {
            loopsLeft--;
            plan.nextLoop();
            return Phase.IO;
        }
        return Phase.DONE;
    }
}
