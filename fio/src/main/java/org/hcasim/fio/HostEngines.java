package org.hcasim.fio;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.hcasim.block.BlockDevice;

/**
 * Job files written for a real machine on the simulated one: a host I/O engine ({@code libaio}, {@code io_uring},
 * ...; none given is fio's default {@code psync}) runs as a block ULP's device, which the device a job names decides
 * ({@code /dev/nvme0n1}: NVMe-oF; {@code /dev/sdb}: a SCSI ULP, iSER before SRP), else {@code testbed.ulps} when it
 * names one block ULP, else NVMe-oF; and a {@code filename} that names a file rather than a device runs on the
 * engine's first device. Each mapping is one note line.
 */
public final class HostEngines {

    /** fio's I/O engines of a host (and its default): each stands for "the kernel's block device" here. */
    static final Set<String> HOST_ENGINES = Set.of(
            "libaio", "io_uring", "io_uring_cmd", "psync", "sync", "pvsync", "pvsync2", "vsync", "posixaio", "mmap",
            "spdk", "spdk_bdev", "null", "splice", "sg", "windowsaio", "xnvme", "solarisaio");
    /** fio's default ioengine on Linux. */
    static final String DEFAULT_ENGINE = "psync";

    private static final Pattern NVME = Pattern.compile("(/dev/)?nvme\\d+n\\d+");
    private static final Pattern SCSI = Pattern.compile("(/dev/)?sd[a-z]+");

    private HostEngines() {
    }

    /**
     * The jobs with every host engine replaced by a block ULP of {@code blockUlps} (the installed ones, in the order
     * to prefer), {@code testbedUlps} being the testbed's {@code testbed.ulps}.
     */
    public static JobFileParser.JobSet map(JobFileParser.JobSet set, List<String> blockUlps, List<String> testbedUlps) {
        List<FioJob> jobs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (FioJob job : set.jobs()) {
            String engine = job.ioengine() == null ? DEFAULT_ENGINE : job.ioengine();
            if (!HOST_ENGINES.contains(engine) || blockUlps.isEmpty()) {
                jobs.add(job);
                continue;
            }
            String ulp = choose(job, blockUlps, testbedUlps);
            jobs.add(job.withIoengine(ulp));
            notes.add("ioengine=" + engine + (job.ioengine() == null ? " (fio's default)" : "") + " runs as the " + ulp
                    + " block device (" + why(job, ulp, testbedUlps) + "; ioengine=ULP or --set testbed.ulps=ULP picks another)");
        }
        return set.with(jobs, notes);
    }

    private static String choose(FioJob job, List<String> blockUlps, List<String> testbedUlps) {
        List<String> inTestbed = testbedUlps.stream().filter(blockUlps::contains).toList();
        List<String> candidates = inTestbed.isEmpty() ? blockUlps : inTestbed;
        if (inTestbed.size() == 1) return inTestbed.get(0);
        for (String f : job.filenames()) {
            if (NVME.matcher(f).matches() && candidates.contains("nvmeof")) return "nvmeof";
            if (SCSI.matcher(f).matches()) {
                for (String scsi : List.of("iser", "srp")) if (candidates.contains(scsi)) return scsi;
            }
        }
        return candidates.contains("nvmeof") ? "nvmeof" : candidates.get(0);
    }

    private static String why(FioJob job, String ulp, List<String> testbedUlps) {
        if (testbedUlps.contains(ulp)) return "testbed.ulps names it";
        for (String f : job.filenames()) {
            if (NVME.matcher(f).matches()) return f + " is an NVMe namespace";
            if (SCSI.matcher(f).matches()) return f + " is a SCSI disk";
        }
        return "the default block ULP";
    }

    /**
     * The devices a job's {@code filename} list names among {@code devices} (with or without {@code /dev/}); a name
     * that is not a device path is a file, which runs on the first device with a note in {@code notes}. A
     * {@code /dev/} path or device-like name that is no device of the engine is a {@link JobFileException}.
     */
    static List<BlockDevice> devices(FioJob job, List<BlockDevice> devices, List<String> notes) {
        if (job.filenames().isEmpty()) return List.of(devices.get(0));
        List<BlockDevice> out = new ArrayList<>();
        for (String f : job.filenames()) {
            String want = f.startsWith("/dev/") ? f.substring(5) : f;
            BlockDevice match = devices.stream().filter(d -> d.name().equals(want)).findFirst().orElse(null);
            if (match == null && (f.startsWith("/dev/") || NVME.matcher(f).matches() || SCSI.matcher(f).matches())) {
                throw new JobFileException("job '" + job.name() + "': filename=" + f + " is not a device of ioengine "
                        + job.ioengine() + " (devices: " + String.join(", ", devices.stream().map(BlockDevice::name).toList()) + ")");
            }
            if (match == null) {
                match = devices.get(0);
                notes.add("filename=" + f + " names a file; job '" + job.name() + "' runs on " + match.name()
                        + ", the first device of ioengine " + job.ioengine());
            }
            out.add(match);
        }
        return out;
    }

    static boolean isHostEngine(String engine) {
        return engine != null && HOST_ENGINES.contains(engine.toLowerCase(Locale.ROOT));
    }
}
