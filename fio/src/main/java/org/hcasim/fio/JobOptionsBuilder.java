package org.hcasim.fio;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.hcasim.fio.JobFileReader.RawOption;

/** Applies options one by one (globals first, then the job's own) and builds the {@link FioJob}s. */
final class JobOptionsBuilder {

    /** Every option hcasim implements (aliases included). */
    static final Set<String> SUPPORTED = Set.of(
            "name", "description", "rw", "readwrite", "rwmixread", "rwmixwrite", "bs", "blocksize", "iodepth",
            "numjobs", "size", "offset", "filename", "runtime", "timeout", "time_based", "ramp_time", "ioengine",
            "direct", "buffered", "verify", "verify_pattern", "do_verify", "verify_fatal", "cpus_allowed",
            "cpus_allowed_policy", "group_reporting", "norandommap", "randrepeat", "randseed", "thread",
            "stonewall", "new_group", "pi_act", "pi_chk", "apptag", "apptag_mask", "md_per_io_size",
            "bsrange", "blocksize_range", "bssplit", "rate", "rate_iops", "rate_process", "thinktime", "thinktime_spin",
            "thinktime_blocks", "loops", "io_size", "io_limit", "number_ios", "offset_increment", "filesize", "file_size",
            "iodepth_batch", "iodepth_batch_submit", "iodepth_batch_complete", "iodepth_batch_complete_min",
            "iodepth_batch_complete_max", "iodepth_low", "fsync", "fdatasync", "end_fsync", "fsync_on_close", "readonly",
            "gtod_reduce", "disable_lat", "disable_clat", "disable_slat", "disable_bw_measurement", "disable_bw", "percentile_list",
            "clat_percentiles", "lat_percentiles", "slat_percentiles", "write_bw_log", "write_lat_log",
            "write_iops_log", "log_avg_msec", "log_offset", "per_job_logs", "steadystate", "ss", "steadystate_duration",
            "ss_dur", "steadystate_ramp_time", "ss_ramp", "continue_on_error");

    static final long DEFAULT_BS = 4096;
    /** fio's default random seed (FIO_RANDSEED in fio.h). */
    static final long FIO_RANDSEED = 0xb1899bedL;

    private String name;
    int numjobs = 1;
    boolean stonewall;
    boolean newGroup;
    private RwPattern rw = RwPattern.READ;
    private long rwModifier;
    private int rwmixread = 50;
    private long bsRead = DEFAULT_BS;
    private long bsWrite = DEFAULT_BS;
    private int iodepth = 1;
    private long size;
    private int sizePercent;
    private long offset;
    private int offsetPercent;
    private List<String> filenames = List.of();
    private BlockSizes readSizes = BlockSizes.of(DEFAULT_BS);
    private BlockSizes writeSizes = BlockSizes.of(DEFAULT_BS);
    private long[] rate = {0, 0};
    private long[] rateIops = {0, 0};
    private boolean poisson;
    private long thinktimeNs;
    private long thinktimeSpinNs;
    private int thinktimeBlocks = 1;
    private int loops = 1;
    private long ioSize;
    private long numberIos;
    private long offsetIncrement;
    private int batchSubmit;
    private int batchCompleteMin = 1;
    private int batchCompleteMax;
    private int iodepthLow;
    private int fsyncEvery;
    private boolean endFsync;
    private boolean readonly;
    private boolean slat = true;
    private boolean clat = true;
    private boolean lat = true;
    private boolean bw = true;
    private double[] percentiles = FioFormat.PERCENTILES;
    private boolean clatPercentiles = true;
    private boolean latPercentiles;
    private boolean slatPercentiles;
    private String bwLog;
    private String latLog;
    private String iopsLog;
    private long logAvgMs;
    private boolean logOffset;
    private boolean perJobLogs = true;
    private SteadyState steadyState;
    private long ssDurationNs;
    private long ssRampNs;
    private long runtimeNs;
    private boolean timeBased;
    private long rampNs;
    private String ioengine;
    private boolean direct;
    private VerifyType verify = VerifyType.NONE;
    private byte[] verifyPattern;
    private boolean doVerify = true;
    private boolean verifyFatal;
    private int continueOnError;
    private List<Integer> cpus = List.of();
    private boolean cpusSplit;
    private boolean groupReporting;
    private boolean norandommap;
    private boolean randrepeat = true;
    private long randseed = FIO_RANDSEED;
    private boolean thread;
    private boolean piAct = PiOptions.DEFAULT.act();
    private boolean chkGuard;
    private boolean chkRefTag;
    private boolean chkAppTag;
    private int appTag = PiOptions.DEFAULT.appTag();
    private int appTagMask = PiOptions.DEFAULT.appTagMask();
    private long mdPerIoSize;

    JobOptionsBuilder(String sectionName) {
        this.name = sectionName;
    }

    void apply(RawOption o) {
        try {
            applyValue(o.name(), o.value());
        } catch (IllegalArgumentException e) {
            throw new JobFileException(o.file(), o.line(), o.name() + ": " + e.getMessage());
        }
    }

    private void applyValue(String option, String value) {
        switch (option) {
            case "stonewall" -> stonewall = FioValues.bool(value);
            case "new_group" -> newGroup = FioValues.bool(value);
            case "time_based" -> timeBased = FioValues.bool(value);
            case "group_reporting" -> groupReporting = FioValues.bool(value);
            case "norandommap" -> norandommap = FioValues.bool(value);
            case "thread" -> thread = FioValues.bool(value);
            case "direct" -> direct = FioValues.bool(value);
            case "buffered" -> direct = !FioValues.bool(value);
            case "do_verify" -> doVerify = FioValues.bool(value);
            case "verify_fatal" -> verifyFatal = FioValues.bool(value);
            case "randrepeat" -> randrepeat = FioValues.bool(value);
            case "end_fsync", "fsync_on_close" -> endFsync = FioValues.bool(value);
            case "readonly" -> readonly = FioValues.bool(value);
            case "gtod_reduce" -> {
                boolean off = FioValues.bool(value);
                slat = clat = lat = bw = !off;
            }
            case "disable_lat" -> lat = !FioValues.bool(value);
            case "disable_clat" -> clat = !FioValues.bool(value);
            case "disable_slat" -> slat = !FioValues.bool(value);
            case "disable_bw_measurement", "disable_bw" -> bw = !FioValues.bool(value);
            case "clat_percentiles" -> clatPercentiles = FioValues.bool(value);
            case "lat_percentiles" -> latPercentiles = FioValues.bool(value);
            case "slat_percentiles" -> slatPercentiles = FioValues.bool(value);
            case "log_offset" -> logOffset = FioValues.bool(value);
            case "per_job_logs" -> perJobLogs = FioValues.bool(value);
            // fio names the log after the job when the prefix is empty
            case "write_bw_log" -> bwLog = logPrefix(value);
            case "write_lat_log" -> latLog = logPrefix(value);
            case "write_iops_log" -> iopsLog = logPrefix(value);
            default -> applyValued(option, required(option, value));
        }
    }

    private void applyValued(String option, String value) {
        switch (option) {
            case "name" -> name = value;
            case "description" -> { /* free text, shown nowhere */ }
            case "rw", "readwrite" -> parseRw(value);
            case "rwmixread" -> rwmixread = FioValues.integer(value, 0, 100);
            case "rwmixwrite" -> rwmixread = 100 - FioValues.integer(value, 0, 100);
            case "bs", "blocksize" -> parseBs(value);
            case "bsrange", "blocksize_range" -> parseSizes(value, false);
            case "bssplit" -> parseSizes(value, true);
            case "rate" -> rate = FioValues.perDirection(value, FioValues::size);
            case "rate_iops" -> rateIops = FioValues.perDirection(value, v -> FioValues.integer(v, 0, Integer.MAX_VALUE));
            case "rate_process" -> poisson = switch (value) {
                case "linear" -> false;
                case "poisson" -> true;
                default -> throw new IllegalArgumentException("expected linear or poisson, got '" + value + "'");
            };
            case "thinktime" -> thinktimeNs = FioValues.timeNs(value, 1_000L);
            case "thinktime_spin" -> thinktimeSpinNs = FioValues.timeNs(value, 1_000L);
            case "thinktime_blocks" -> thinktimeBlocks = FioValues.integer(value, 1, Integer.MAX_VALUE);
            case "loops" -> loops = FioValues.integer(value, 1, Integer.MAX_VALUE);
            case "io_size", "io_limit" -> ioSize = positive(FioValues.size(value));
            case "number_ios" -> numberIos = FioValues.integer(value, 0, Integer.MAX_VALUE);
            case "offset_increment" -> offsetIncrement = FioValues.size(value);
            case "filesize", "file_size" -> parseSize(value);
            case "iodepth_batch", "iodepth_batch_submit" -> batchSubmit = FioValues.integer(value, 0, 65536);
            case "iodepth_batch_complete", "iodepth_batch_complete_min" -> batchCompleteMin = FioValues.integer(value, 0, 65536);
            case "iodepth_batch_complete_max" -> batchCompleteMax = FioValues.integer(value, 0, 65536);
            case "iodepth_low" -> iodepthLow = FioValues.integer(value, 0, 65536);
            case "fsync", "fdatasync" -> fsyncEvery = FioValues.integer(value, 0, Integer.MAX_VALUE);
            case "percentile_list" -> percentiles = FioValues.percentileList(value);
            case "log_avg_msec" -> logAvgMs = FioValues.integer(value, 0, Integer.MAX_VALUE);
            case "steadystate", "ss" -> steadyState = SteadyState.parse(value, 0, 0);
            case "steadystate_duration", "ss_dur" -> ssDurationNs = SteadyState.duration(FioValues.timeNs(value, 1_000_000_000L));
            case "steadystate_ramp_time", "ss_ramp" -> ssRampNs = FioValues.timeNs(value, 1_000_000_000L);
            case "iodepth" -> iodepth = FioValues.integer(value, 1, 65536);
            case "numjobs" -> numjobs = FioValues.integer(value, 1, 4096);
            case "size" -> parseSize(value);
            case "offset" -> {
                if (value.endsWith("%")) {
                    offsetPercent = FioValues.integer(value.substring(0, value.length() - 1), 0, 99);
                    offset = 0;
                } else {
                    offset = FioValues.size(value);
                    offsetPercent = 0;
                }
            }
            case "filename" -> filenames = FioValues.filenames(value);
            case "runtime", "timeout" -> runtimeNs = FioValues.timeNs(value, 1_000_000_000L);
            case "ramp_time" -> rampNs = FioValues.timeNs(value, 1_000_000_000L);
            case "ioengine" -> ioengine = value.toLowerCase(Locale.ROOT);
            case "verify" -> verify = VerifyType.parse(value.toLowerCase(Locale.ROOT));
            case "verify_pattern" -> verifyPattern = FioValues.pattern(value);
            case "cpus_allowed" -> cpus = List.copyOf(FioValues.cpuList(value));
            case "cpus_allowed_policy" -> cpusSplit = switch (value) {
                case "shared" -> false;
                case "split" -> true;
                default -> throw new IllegalArgumentException("expected shared or split, got '" + value + "'");
            };
            case "randseed" -> randseed = parseSeed(value);
            case "pi_act" -> piAct = FioValues.bool(value);
            case "pi_chk" -> parsePiChk(value);
            case "apptag" -> appTag = FioValues.integer(value, 0, 0xFFFF);
            case "apptag_mask" -> appTagMask = FioValues.integer(value, 0, 0xFFFF);
            case "md_per_io_size" -> mdPerIoSize = FioValues.size(value);
            case "continue_on_error" -> continueOnError = parseContinueOnError(value);
            default -> throw new IllegalStateException("option " + option + " listed as supported but not handled");
        }
    }

    /** {@code size=1g} or {@code size=50%} (of the device); {@code filesize} is the same for one device per job. */
    private void parseSize(String value) {
        if (value.endsWith("%")) {
            sizePercent = FioValues.integer(value.substring(0, value.length() - 1), 1, 100);
            size = 0;
        } else {
            size = positive(FioValues.size(value));
            sizePercent = 0;
        }
    }

    private static String logPrefix(String value) {
        return value == null ? "" : value;
    }

    /**
     * {@code bsrange=min-max[,min-max]} or {@code bssplit=bs/pct:bs/pct[,...]} per direction (an empty part keeps
     * the direction's sizes); in a split, entries without a percentage share what the others leave.
     */
    private void parseSizes(String value, boolean split) {
        String[] parts = value.split(",", -1);
        if (parts.length > 3) throw new IllegalArgumentException("at most read,write,trim parts, got '" + value + "'");
        BlockSizes first = null;
        for (int i = 0; i < Math.min(parts.length, 2); i++) {
            if (parts[i].isBlank()) continue;
            BlockSizes sizes = split ? splitSizes(parts[i]) : rangeSizes(parts[i]);
            if (i == 0) first = sizes;
            if (i == 0) readSizes = sizes;
            else writeSizes = sizes;
        }
        if (parts.length == 1 && first != null) writeSizes = first;
        bsRead = readSizes.min();
        bsWrite = writeSizes.min();
    }

    private static BlockSizes rangeSizes(String text) {
        int dash = text.indexOf('-');
        if (dash < 0) throw new IllegalArgumentException("expected min-max, got '" + text + "'");
        long min = blockSize(text.substring(0, dash));
        long max = blockSize(text.substring(dash + 1));
        if (max < min) throw new IllegalArgumentException("range " + text + " ends below its start");
        return new BlockSizes(min, max, List.of());
    }

    private static BlockSizes splitSizes(String text) {
        List<long[]> entries = new java.util.ArrayList<>();
        int given = 0;
        int unspecified = 0;
        for (String entry : text.split(":")) {
            if (entry.isBlank()) continue;
            int slash = entry.indexOf('/');
            long bs = blockSize(slash < 0 ? entry : entry.substring(0, slash));
            int pct = slash < 0 || entry.substring(slash + 1).isBlank() ? -1 : FioValues.integer(entry.substring(slash + 1), 0, 100);
            if (pct < 0) unspecified++;
            else given += pct;
            entries.add(new long[] {bs, pct});
        }
        if (entries.isEmpty()) throw new IllegalArgumentException("empty bssplit");
        if (given > 100 || unspecified == 0 && given != 100) {
            throw new IllegalArgumentException("percentages of '" + text + "' add up to " + given + ", not 100");
        }
        int rest = unspecified == 0 ? 0 : (100 - given) / unspecified;
        int leftover = unspecified == 0 ? 0 : 100 - given - rest * unspecified;
        List<BlockSizes.Share> shares = new java.util.ArrayList<>();
        for (long[] e : entries) {
            int pct = e[1] >= 0 ? (int) e[1] : rest + (leftover-- > 0 ? 1 : 0);
            if (pct > 0) shares.add(new BlockSizes.Share(e[0], pct));
        }
        long min = shares.stream().mapToLong(BlockSizes.Share::bs).min().orElseThrow();
        long max = shares.stream().mapToLong(BlockSizes.Share::bs).max().orElseThrow();
        return new BlockSizes(min, max, shares.size() == 1 ? List.of() : shares);
    }

    private static String required(String option, String value) {
        if (value == null || value.isEmpty()) throw new IllegalArgumentException("needs a value (" + option + "=...)");
        return value;
    }

    private static long positive(long v) {
        if (v <= 0) throw new IllegalArgumentException("must be > 0");
        return v;
    }

    /** fio's continue_on_error: none (0), read, write, io (reads and writes), verify, all (1). */
    private static int parseContinueOnError(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "none", "0", "false" -> 0;
            case "read" -> FioJob.CONTINUE_READ;
            case "write" -> FioJob.CONTINUE_WRITE;
            case "io" -> FioJob.CONTINUE_READ | FioJob.CONTINUE_WRITE;
            case "verify" -> FioJob.CONTINUE_VERIFY;
            case "all", "1", "true" -> FioJob.CONTINUE_READ | FioJob.CONTINUE_WRITE | FioJob.CONTINUE_VERIFY;
            default -> throw new IllegalArgumentException("expected none, read, write, io, verify or all, got '" + value + "'");
        };
    }

    private static long parseSeed(String value) {
        try {
            return Long.parseUnsignedLong(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a number, got '" + value + "'");
        }
    }

    private void parseRw(String value) {
        int colon = value.indexOf(':');
        rw = RwPattern.parse(colon < 0 ? value : value.substring(0, colon));
        rwModifier = 0;
        if (colon >= 0) {
            String mod = value.substring(colon + 1);
            rwModifier = rw.random ? FioValues.integer(mod, 1, Integer.MAX_VALUE) : FioValues.size(mod);
        }
    }

    /** {@code bs=4k}, or per direction {@code bs=read,write[,trim]} where an empty part keeps the default. */
    private void parseBs(String value) {
        String[] parts = value.split(",", -1);
        if (parts.length > 3) throw new IllegalArgumentException("expected bs=size or bs=read,write[,trim], got '" + value + "'");
        if (parts.length == 1) {
            bsRead = bsWrite = blockSize(parts[0]);
        } else {
            if (!parts[0].isBlank()) bsRead = blockSize(parts[0]);
            if (!parts[1].isBlank()) bsWrite = blockSize(parts[1]);
            if (parts.length == 3 && !parts[2].isBlank()) blockSize(parts[2]); // trim size: validated, unused
        }
        readSizes = BlockSizes.of(bsRead);
        writeSizes = BlockSizes.of(bsWrite);
    }

    private static long blockSize(String text) {
        long v = FioValues.size(text);
        if (v < 512 || v % 512 != 0) throw new IllegalArgumentException("block size " + v + " must be a multiple of 512");
        if (v > (64L << 20)) throw new IllegalArgumentException("block size " + v + " is larger than 64 MiB");
        return v;
    }

    private void parsePiChk(String value) {
        chkGuard = chkRefTag = chkAppTag = false;
        for (String part : value.split(",")) {
            switch (part.strip().toUpperCase(Locale.ROOT)) {
                case "GUARD" -> chkGuard = true;
                case "REFTAG" -> chkRefTag = true;
                case "APPTAG" -> chkAppTag = true;
                case "" -> { }
                default -> throw new IllegalArgumentException("unknown check '" + part.strip() + "' (GUARD, REFTAG, APPTAG)");
            }
        }
    }

    FioJob build(int jobNumber, int groupId, boolean jobStonewall, Map<String, String> ownOptions, int clone) {
        if (readonly && rw.writes) {
            throw new JobFileException("job '" + name + "' has write bit set, but fio is in read-only mode (readonly)");
        }
        return new FioJob(name, jobNumber, groupId, jobStonewall, rw, rwModifier, rwmixread, bsRead, bsWrite, iodepth,
                size, sizePercent, offset, offsetPercent, filenames, runtimeNs, timeBased, rampNs, ioengine, direct,
                verify, verifyPattern, doVerify, verifyFatal, cpus, cpusSplit, groupReporting, norandommap, randrepeat,
                randseed, thread, new PiOptions(piAct, chkGuard, chkRefTag, chkAppTag, appTag, appTagMask, mdPerIoSize),
                ownOptions, clone, readSizes, writeSizes,
                new Pacing(rate[0], rate[1], rateIops[0], rateIops[1], poisson, thinktimeNs, Math.min(thinktimeSpinNs, thinktimeNs),
                        thinktimeBlocks),
                new Batching(batchSubmit, batchCompleteMin, batchCompleteMax, iodepthLow),
                new Amounts(loops, ioSize, numberIos, offsetIncrement), new Flushes(fsyncEvery, endFsync),
                new Reporting(slat, clat, lat, bw, percentiles, clatPercentiles, latPercentiles, slatPercentiles, bwLog, latLog,
                        iopsLog, logAvgMs, logOffset, perJobLogs),
                steadyState == null ? null : new SteadyState(steadyState.criterion(), steadyState.limit(), steadyState.percent(),
                        ssDurationNs, ssRampNs),
                readonly, continueOnError);
    }
}
