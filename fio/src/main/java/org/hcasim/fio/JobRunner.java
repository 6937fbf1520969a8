package org.hcasim.fio;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.BlockStatus;
import org.hcasim.block.PiControl;
import org.hcasim.block.T10Dif;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;

/**
 * One fio job as a simulated thread on one core of the initiator host: it keeps {@code iodepth} I/Os
 * outstanding; each wake-up reaps the completed I/Os (one system call) and submits new ones (one system
 * call), as fio does with an asynchronous engine. CPU it spends in user space (fio's own work, verify
 * checksums, software PI) is usr time; system calls, context switches, the block layer and what the
 * ULP charges inside {@code submit} are sys time. Statistics start when the ramp time ends.
 */
final class JobRunner {

    private record Written(int length, long seed) {
    }

    private final class Slot {
        final long dataIova;
        final long metadataIova;
        final byte[] buf;
        BlockOp op;
        long offset;
        int length;
        long prepNs;
        long submittedNs;
        BlockCompletion completion;
        Written expected;
        /** The {@link CorruptionOracle}'s note: a write's block hashes, a read's block versions. */
        long[] oracleNote;

        Slot(long dataIova, long metadataIova, int maxBs) {
            this.dataIova = dataIova;
            this.metadataIova = metadataIova;
            this.buf = new byte[maxBs];
        }
    }

    private enum Phase { IO, VERIFY, DONE }

    private final FioJob job;
    private final Host host;
    private final BlockDevice device;
    private final int core;
    private final FioCosts costs;
    private final Consumer<String> errors;
    private final CorruptionOracle oracle;
    final JobResult result;

    private final long regionStart;
    private final long regionLength;
    private final int blockSize;
    private final boolean hostPi;
    private final PiControl piControl;
    private final OffsetGenerator offsets;
    private final SplittableRandom rng;
    private final VerifyCodec codec;
    private final TreeMap<Long, Written> written = new TreeMap<>();
    private final ArrayDeque<Slot> free = new ArrayDeque<>();
    private final ArrayDeque<Slot> completed = new ArrayDeque<>();
    private final List<Slot> allSlots = new ArrayList<>();

    private Phase phase = Phase.IO;
    private Iterator<Map.Entry<Long, Written>> verifyCursor;
    private Runnable onFinished;
    private long[] progressClock;
    private long startNs;
    private long statsStartNs;
    private long endNs;
    private long bytesIssued;
    private int inflight;
    private int numberio;
    private boolean reapScheduled;

    /** Checks the job against the device and the host; problems are {@link JobFileException}s naming the job. */
    JobRunner(FioJob job, Host host, BlockDevice device, int core, FioCosts costs, Consumer<String> errors) {
        this(job, host, device, core, costs, errors, null);
    }

    /** As above, with the run's {@link CorruptionOracle} (null: none) watching what reads return. */
    JobRunner(FioJob job, Host host, BlockDevice device, int core, FioCosts costs, Consumer<String> errors,
              CorruptionOracle oracle) {
        this.oracle = oracle;
        this.job = job;
        this.host = host;
        this.device = device;
        this.core = core;
        this.costs = costs;
        this.errors = errors;
        this.result = new JobResult(job);
        BlockFormat format = device.format();
        this.blockSize = format.blockSize();
        long capacity = device.capacityBytes();
        long offset = job.offsetPercent() > 0 ? alignDown(capacity * job.offsetPercent() / 100, job.minBs()) : job.offset();
        if (offset % blockSize != 0) fail("offset=" + offset + " is not a multiple of the block size " + blockSize + " of " + device.name());
        if (offset >= capacity) fail("offset=" + offset + " is beyond the end of " + device.name() + " (" + capacity + " bytes)");
        long size = job.sizePercent() > 0 ? capacity * job.sizePercent() / 100 : job.size() == 0 ? capacity - offset : job.size();
        if (size > capacity - offset) { // offset < capacity here, so this cannot overflow as offset + size could
            fail("offset+size=" + offset + "+" + size + " is beyond the end of " + device.name() + " (" + capacity + " bytes)");
        }
        for (long bs : new long[] {job.rw().reads ? job.bsRead() : blockSize, job.rw().writes ? job.bsWrite() : blockSize}) {
            if (bs % blockSize != 0) fail("bs=" + bs + " is not a multiple of the block size " + blockSize + " of " + device.name());
            if (bs > size) fail("bs=" + bs + " is larger than the size " + size + " of the job's region");
        }
        this.regionStart = offset;
        this.regionLength = alignDown(size, job.minBs());
        boolean anyCheck = job.pi().chkGuard() || job.pi().chkAppTag() || job.pi().chkRefTag();
        if (!format.hasPi() && (anyCheck || job.pi().mdPerIoSize() > 0)) {
            fail("pi_chk/md_per_io_size need a device formatted with protection information; " + device.name()
                    + " is formatted " + format.text() + " without PI");
        }
        this.hostPi = format.hasPi() && job.pi().hostSuppliesPi();
        this.piControl = format.hasPi() ? job.pi().control() : PiControl.NONE;
        int maxBs = (int) job.maxBs();
        long mdNeeded = (long) (maxBs / blockSize) * BlockFormat.PI_TUPLE_BYTES;
        if (hostPi && job.pi().mdPerIoSize() < mdNeeded) {
            fail("pi_act=0 on " + device.name() + " (" + format.text() + ") needs md_per_io_size >= " + mdNeeded
                    + " for bs=" + maxBs + ", got " + job.pi().mdPerIoSize());
        }
        boolean verifying = job.verify() != VerifyType.NONE;
        if (verifying && !host.memory().payloadReal()) {
            fail("verify=" + job.verify().fioName + " needs payload bytes; the simulation runs with payload mode 'elided'");
        }
        this.codec = verifying ? new VerifyCodec(job.verify(),
                job.verifyPattern() != null ? job.verifyPattern() : VerifyCodec.defaultPattern(), device.name()) : null;
        if (codec != null && job.minBs() < codec.minimumBlock()) {
            fail("verify=" + job.verify().fioName + " needs bs >= " + codec.minimumBlock());
        }
        long seed = job.randseed() * 0x9E3779B97F4A7C15L + job.jobNumber() + (job.randrepeat() ? 0 : 0x5DEECE66DL);
        this.rng = new SplittableRandom(seed);
        this.offsets = new OffsetGenerator(job.rw().random, !job.norandommap(), regionLength, job.minBs(), job.rwModifier(),
                new SplittableRandom(seed ^ 0x2545F4914F6CDD1DL));
        for (int i = 0; i < job.iodepth(); i++) {
            long data = host.memory().allocatePayload(maxBs, 4096);
            long md = hostPi ? host.memory().allocatePayload(mdNeeded, 8) : BlockRequest.NO_METADATA;
            Slot s = new Slot(data, md, maxBs);
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

    private static long alignDown(long v, long unit) {
        return v / unit * unit;
    }

    int core() {
        return core;
    }

    /** One line on what the job waits for, for the stall report. */
    String waitingFor() {
        return "job '" + job.name() + "' has " + inflight + " I/O(s) outstanding on " + device.name();
    }

    boolean finished() {
        return phase == Phase.DONE;
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
            submitBatch();
            finishIfIdle();
        });
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

    private boolean canIssue() {
        if (result.error != 0 || free.isEmpty()) return false;
        return switch (phase) {
            case IO -> host.now() < endNs && (job.timeBased() || bytesIssued < regionLength && !offsets.passComplete());
            case VERIFY -> verifyCursor.hasNext();
            case DONE -> false;
        };
    }

    private void submitBatch() {
        if (!canIssue()) return;
        boolean count = counting();
        chargeSys(costs.syscall());
        int n = 0;
        while (canIssue()) {
            issue(free.poll());
            n++;
        }
        if (count) result.submitBatches[JobResult.batchBucket(n)]++;
    }

    private void issue(Slot s) {
        s.prepNs = host.now();
        chargeUsr(costs.fioIo());
        s.expected = null;
        if (phase == Phase.VERIFY) {
            Map.Entry<Long, Written> e = verifyCursor.next();
            s.op = BlockOp.READ;
            s.offset = e.getKey();
            s.length = e.getValue().length();
            s.expected = e.getValue();
        } else {
            s.op = chooseOp();
            s.length = (int) (s.op == BlockOp.READ ? job.bsRead() : job.bsWrite());
            s.offset = regionStart + offsets.next(s.length);
            if (s.op == BlockOp.WRITE) prepareWrite(s);
        }
        bytesIssued += s.length;
        if (s.op == BlockOp.READ) result.issuedReads++;
        else result.issuedWrites++;
        if (oracle != null) {
            s.oracleNote = s.op == BlockOp.WRITE
                    ? oracle.writing(device.name(), s.offset, s.length, blockSize, host.memory(), s.dataIova)
                    : oracle.reading(device.name(), s.offset, s.length, blockSize);
        }
        if (s.op == BlockOp.WRITE) host.dataFaults().inMemory(host.memory(), s.dataIova, s.length, blockSize);
        BlockRequest request = new BlockRequest(s.op, s.offset / blockSize, s.length / blockSize, s.dataIova,
                s.metadataIova, piControl);
        chargeSys(costs.blockSubmit());
        boolean count = counting();
        long before = host.now();
        inflight++;
        device.submit(request, c -> completed(s, c));
        if (count) result.sysNs += host.now() - before; // what the ULP charged inside submit
        s.submittedNs = host.now();
        if (count) result.depthSubmits[JobResult.depthBucket(inflight)]++;
    }

    private BlockOp chooseOp() {
        if (!job.rw().mixed()) return job.rw().reads ? BlockOp.READ : BlockOp.WRITE;
        return rng.nextInt(100) < job.rwmixread() ? BlockOp.READ : BlockOp.WRITE;
    }

    private void prepareWrite(Slot s) {
        if (codec != null) {
            long seed = rng.nextLong();
            codec.fill(s.buf, s.length, s.offset, seed, job.jobNumber() + 1, numberio++, host.now());
            chargeUsr(costs.perByte(job.verify().fioName, s.length, host.name()));
            host.memory().write(s.dataIova, s.buf, 0, s.length);
            if (job.doVerify()) written.put(s.offset, new Written(s.length, seed));
        }
        if (hostPi) {
            int blocks = s.length / blockSize;
            byte[] pi = new byte[blocks * BlockFormat.PI_TUPLE_BYTES];
            long lba = s.offset / blockSize;
            for (int i = 0; i < blocks; i++) {
                T10Dif.generate(s.buf, i * blockSize, blockSize, device.format().piType(), lba + i, job.pi().appTag(), pi,
                        i * BlockFormat.PI_TUPLE_BYTES);
            }
            chargeUsr(costs.perByte(org.hcasim.host.CpuCosts.CRC_T10DIF, s.length, host.name()));
            host.memory().write(s.metadataIova, pi, 0, pi.length);
        }
    }

    /** The device's completion: runs in the ULP's completion context; wakes the thread if it sleeps. */
    private void completed(Slot s, BlockCompletion c) {
        host.charge(costs.blockComplete());
        s.completion = c;
        completed.add(s);
        if (!reapScheduled) {
            reapScheduled = true;
            host.timer(costs.wakeupLatency(), core, "fio wake-up " + job.name(),
                    () -> host.run(core, Priority.THREAD, "fio " + job.name(), this::reap));
        }
    }

    private void reap() {
        reapScheduled = false;
        progressClock[0] = Math.max(progressClock[0], host.now());
        if (counting()) result.contextSwitches++;
        chargeSys(costs.contextSwitch());
        chargeSys(costs.syscall());
        if (counting()) result.completeBatches[JobResult.batchBucket(completed.size())]++;
        while (!completed.isEmpty()) {
            Slot s = completed.poll();
            inflight--;
            long now = host.now();
            if (!s.completion.ok()) {
                ioError(s, s.completion.status().errno(), s.completion.status().isProtectionError()
                        ? s.completion.detail() : describeErrno(s.completion.status()) + " (" + s.completion.detail() + ")");
            } else if (s.op == BlockOp.READ && !checkRead(s) && oracle != null) {
                oracle.read(device.name(), s.offset, s.length, blockSize, s.oracleNote, host.memory(), s.dataIova);
            }
            if (oracle != null && s.op == BlockOp.WRITE) {
                oracle.written(device.name(), s.offset, blockSize, s.oracleNote, s.completion.ok());
            }
            if (now >= statsStartNs && s.completion.ok()) {
                DirectionStats d = s.op == BlockOp.READ ? result.read : result.write;
                d.record(statsStartNs, now, s.length, s.submittedNs - s.prepNs, now - s.submittedNs);
            }
            free.add(s);
        }
        submitBatch();
        finishIfIdle();
    }

    /**
     * fio's software check of a read's T10-PI tuples; reports the first bad block as an I/O error. The guard's CRC
     * is charged whether or not the payload is stored, so elided mode keeps the timing.
     */
    private boolean failsSoftwarePiCheck(Slot s) {
        chargeUsr(costs.perByte(org.hcasim.host.CpuCosts.CRC_T10DIF, s.length, host.name()));
        if (!host.memory().payloadReal()) return false;
        host.memory().read(s.dataIova, s.buf, 0, s.length);
        int blocks = s.length / blockSize;
        byte[] pi = new byte[blocks * BlockFormat.PI_TUPLE_BYTES];
        host.memory().read(s.metadataIova, pi, 0, pi.length);
        long lba = s.offset / blockSize;
        for (int i = 0; i < blocks; i++) {
            BlockCompletion c = T10Dif.check(s.buf, i * blockSize, blockSize, device.format().piType(), lba + i, piControl,
                    pi, i * BlockFormat.PI_TUPLE_BYTES);
            if (!c.ok()) {
                host.dataFaults().caught("fio PI check (CPU)");
                ioError(s, BlockStatus.GUARD_CHECK_ERROR.errno(), c.detail());
                return true;
            }
        }
        return false;
    }

    /** fio's checks of a read that completed: its PI, then verify; true when one failed (and was reported). */
    private boolean checkRead(Slot s) {
        // as fio's do_io(): verify reads of the verify phase, and every read of a read-only job
        boolean verifyThis = codec != null && (phase == Phase.VERIFY || !job.rw().writes);
        if (hostPi && piControl.checksAnything() && failsSoftwarePiCheck(s)) return true;
        if (!verifyThis) return false;
        host.memory().read(s.dataIova, s.buf, 0, s.length);
        chargeUsr(costs.perByte(job.verify().fioName, s.length, host.name()));
        String problem = codec.check(s.buf, s.length, s.offset);
        if (problem == null && s.expected != null && job.verify() != VerifyType.PATTERN
                && VerifyHeader.seed(s.buf) != s.expected.seed()) {
            problem = String.format("verify: bad header rand_seed %d, wanted %d at file %s offset %d, length %d (requested block: offset=%d, length=%d)",
                    VerifyHeader.seed(s.buf), s.expected.seed(), device.name(), s.offset, s.length, s.offset, s.length);
        }
        if (problem == null) return false;
        host.dataFaults().caught("fio verify");
        fault(FioJob.CONTINUE_VERIFY, problem, 84, "Invalid or incomplete multibyte or wide character");
        return true;
    }

    /**
     * The first error ends the job; only it is reported (the I/Os still in flight fail alike), unless
     * {@code continue_on_error} covers it: then it is reported, counted, and the job goes on.
     */
    private void ioError(Slot s, int errno, String detail) {
        fault(s.op == BlockOp.READ ? FioJob.CONTINUE_READ : FioJob.CONTINUE_WRITE,
                String.format("fio: io_u error on file %s: %s: %s offset=%d, buflen=%d", device.name(), detail,
                        s.op == BlockOp.READ ? "read" : "write", s.offset, s.length), errno, detail);
    }

    private void fault(int kind, String report, int errno, String text) {
        if (result.error != 0) return;
        errors.accept(report);
        if ((job.continueOnError() & kind) != 0) {
            if (result.totalErrors++ == 0) {
                result.firstError = errno;
                result.firstErrorText = strerror(errno);
            }
            return;
        }
        result.error = errno;
        result.errorText = text;
    }

    private static String describeErrno(BlockStatus status) {
        return strerror(status.errno());
    }

    /** What Linux's strerror says for the errnos block I/O returns. */
    private static String strerror(int errno) {
        return switch (errno) {
            case 5 -> "Input/output error";
            case 22 -> "Invalid argument";
            case 84 -> "Invalid or incomplete multibyte or wide character";
            case 121 -> "Remote I/O error";
            default -> "errno " + errno;
        };
    }

    private void finishIfIdle() {
        if (inflight > 0 || canIssue() || phase == Phase.DONE) return;
        if (phase == Phase.IO && codec != null && job.doVerify() && !written.isEmpty() && result.error == 0) {
            phase = Phase.VERIFY;
            verifyCursor = written.entrySet().iterator();
            submitBatch();
            return;
        }
        phase = Phase.DONE;
        long end = host.now();
        result.elapsedNs = end - startNs;
        result.runtimeNs = Math.max(0, end - statsStartNs);
        result.read.runtimeNs = result.runtimeNs;
        result.write.runtimeNs = result.runtimeNs;
        for (Slot s : allSlots) {
            host.memory().free(s.dataIova);
            if (s.metadataIova != BlockRequest.NO_METADATA) host.memory().free(s.metadataIova);
        }
        onFinished.run();
    }
}
