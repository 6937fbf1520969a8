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
            "continue_on_error");

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
    private String filename;
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
            case "iodepth" -> iodepth = FioValues.integer(value, 1, 65536);
            case "numjobs" -> numjobs = FioValues.integer(value, 1, 4096);
            case "size" -> {
                if (value.endsWith("%")) {
                    sizePercent = FioValues.integer(value.substring(0, value.length() - 1), 1, 100);
                    size = 0;
                } else {
                    size = positive(FioValues.size(value));
                    sizePercent = 0;
                }
            }
            case "offset" -> {
                if (value.endsWith("%")) {
                    offsetPercent = FioValues.integer(value.substring(0, value.length() - 1), 0, 99);
                    offset = 0;
                } else {
                    offset = FioValues.size(value);
                    offsetPercent = 0;
                }
            }
            case "filename" -> {
                if (value.contains(":")) throw new IllegalArgumentException("several files ('" + value + "') are not supported; use one device per job");
                filename = value;
            }
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
            return;
        }
        if (!parts[0].isBlank()) bsRead = blockSize(parts[0]);
        if (!parts[1].isBlank()) bsWrite = blockSize(parts[1]);
        if (parts.length == 3 && !parts[2].isBlank()) blockSize(parts[2]); // trim size: validated, unused
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

    FioJob build(int jobNumber, int groupId, boolean jobStonewall, Map<String, String> ownOptions) {
        return new FioJob(name, jobNumber, groupId, jobStonewall, rw, rwModifier, rwmixread, bsRead, bsWrite, iodepth,
                size, sizePercent, offset, offsetPercent, filename, runtimeNs, timeBased, rampNs, ioengine, direct,
                verify, verifyPattern, doVerify, verifyFatal, cpus, cpusSplit, groupReporting, norandommap, randrepeat,
                randseed, thread, new PiOptions(piAct, chkGuard, chkRefTag, chkAppTag, appTag, appTagMask, mdPerIoSize),
                continueOnError, ownOptions);
    }
}
