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
 * @param cpus CPUs allowed (empty = any core of the host)
 * @param continueOnError which errors the job goes on after ({@code continue_on_error}: bits {@link #CONTINUE_READ} ...)
 * @param jobOptions the options written in this job's own section, as written (for fio's JSON)
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
        String filename,
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
        int continueOnError,
        Map<String, String> jobOptions) {

    /** {@link #continueOnError} bits: fio goes on after a failed read, a failed write, a verify failure. */
    static final int CONTINUE_READ = 1;
    static final int CONTINUE_WRITE = 2;
    static final int CONTINUE_VERIFY = 4;

    long maxBs() {
        return Math.max(rw.reads ? bsRead : 0, rw.writes ? bsWrite : 0);
    }

    long minBs() {
        if (rw.mixed()) return Math.min(bsRead, bsWrite);
        return rw.reads ? bsRead : bsWrite;
    }

    /** fio's text description: {@code rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=nvmeof, iodepth=32}. */
    String describe() {
        return String.format("rw=%s, bs=(R) %dB-%dB, (W) %dB-%dB, (T) %dB-%dB, ioengine=%s, iodepth=%d",
                rw.fioName, bsRead, bsRead, bsWrite, bsWrite, bsRead, bsRead, ioengine, iodepth);
    }
}
