package org.hcasim.fio;

import java.util.List;
import java.util.Map;

/**
 * One job (one thread) after parsing: a section with the global options before it applied, expanded
 * by {@code numjobs}. Sizes are bytes, times nanoseconds.
 *
 * @param name job name (section name, or {@code name=})
 * @param jobNumber 0-based index over all jobs of the run (fio's thread number - 1)
 * @param groupId reporting group (incremented by {@code stonewall}/{@code new_group})
 * @param stonewall wait for all earlier jobs to finish before starting
 * @param rwModifier the {@code :N} of rw: for sequential patterns a gap in bytes after each I/O, for
 *     random patterns the number of sequential I/Os per random offset (0 = none)
 * @param size bytes of I/O per job (0 = the device from {@code offset} to its end); {@code sizePercent} &gt; 0 instead
 * @param filenames the devices or files named by {@code filename} (a {@code :} list), empty = the engine's first device
 * @param cpus CPUs allowed (empty = any core of the host)
 * @param continueOnError which errors the job goes on after ({@code continue_on_error}: bits {@link #CONTINUE_READ} ...)
 * @param jobOptions the options written in this job's own section, as written (for fio's JSON)
 * @param cloneIndex 0-based index of this job among the clones of its section ({@code numjobs})
 * @param readSizes the block sizes of reads (bs, bsrange, bssplit); {@code bsRead} is their smallest (writes alike)
 * @param steadyState the {@code steadystate} options, null when unset
 */
public record FioJob(
        String name,
        int jobNumber,
        int groupId,
        boolean stonewall,
        RwPattern rw,
        long rwModifier,
        int rwmixread,
        long bsRead,
        long bsWrite,
        int iodepth,
        long size,
        int sizePercent,
        long offset,
        int offsetPercent,
        List<String> filenames,
        long runtimeNs,
        boolean timeBased,
        long rampNs,
        String ioengine,
        boolean direct,
        VerifyType verify,
        byte[] verifyPattern,
        boolean doVerify,
        boolean verifyFatal,
        List<Integer> cpus,
        boolean cpusSplit,
        boolean groupReporting,
        boolean norandommap,
        boolean randrepeat,
        long randseed,
        boolean thread,
        PiOptions pi,
        Map<String, String> jobOptions,
        int cloneIndex,
        BlockSizes readSizes,
        BlockSizes writeSizes,
        Pacing pacing,
        Batching batching,
        Amounts amounts,
        Flushes flushes,
        Reporting reporting,
        SteadyState steadyState,
        boolean readonly,
        int continueOnError) {

    public FioJob {
        filenames = List.copyOf(filenames);
    }

    /** The same job on another ioengine (a host engine mapped to the block ULP that stands in for it). */
    FioJob withIoengine(String engine) {
        return new FioJob(name, jobNumber, groupId, stonewall, rw, rwModifier, rwmixread, bsRead, bsWrite, iodepth, size,
                sizePercent, offset, offsetPercent, filenames, runtimeNs, timeBased, rampNs, engine, direct, verify,
                verifyPattern, doVerify, verifyFatal, cpus, cpusSplit, groupReporting, norandommap, randrepeat, randseed,
                thread, pi, jobOptions, cloneIndex, readSizes, writeSizes, pacing, batching, amounts, flushes, reporting,
                steadyState, readonly, continueOnError);
    }

    /** The same job on other devices (fio's filename list after mapping files to devices). */
    FioJob withFilenames(List<String> devices) {
        return new FioJob(name, jobNumber, groupId, stonewall, rw, rwModifier, rwmixread, bsRead, bsWrite, iodepth, size,
                sizePercent, offset, offsetPercent, devices, runtimeNs, timeBased, rampNs, ioengine, direct, verify,
                verifyPattern, doVerify, verifyFatal, cpus, cpusSplit, groupReporting, norandommap, randrepeat, randseed,
                thread, pi, jobOptions, cloneIndex, readSizes, writeSizes, pacing, batching, amounts, flushes, reporting,
                steadyState, readonly, continueOnError);
    }

    /** {@link #continueOnError} bits: fio goes on after a failed read, a failed write, a verify failure. */
    static final int CONTINUE_READ = 1;
    static final int CONTINUE_WRITE = 2;
    static final int CONTINUE_VERIFY = 4;

    long maxBs() {
        return Math.max(rw.reads ? readSizes.max() : 0, rw.writes ? writeSizes.max() : 0);
    }

    long minBs() {
        if (rw.mixed()) return Math.min(bsRead, bsWrite);
        return rw.reads ? bsRead : bsWrite;
    }

    /** fio's text description: {@code rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=nvmeof, iodepth=32}. */
    String describe() {
        return String.format("rw=%s, bs=(R) %dB-%dB, (W) %dB-%dB, (T) %dB-%dB, ioengine=%s, iodepth=%d",
                rw.fioName, readSizes.min(), readSizes.max(), writeSizes.min(), writeSizes.max(), bsRead, bsRead, ioengine,
                iodepth);
    }
}
