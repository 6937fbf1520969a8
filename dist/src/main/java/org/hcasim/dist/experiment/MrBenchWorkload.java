package org.hcasim.dist.experiment;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.hcasim.core.config.UserException;
import org.hcasim.core.verbs.UserMrReports;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.hcasim.spi.CounterTable;
import org.hcasim.spi.CustomWorkload;
import org.hcasim.spi.RunReport;
import org.hcasim.spi.SimulatedTestbed;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.UserMrCallback;

/**
 * The MR allocation bench, at the verbs level: T threads of one process (one PD), each on a core of its own of the
 * testbed's first host (cores 1..T: core 0 takes the device's interrupts, the last core runs the MR cache's work),
 * register N user MRs of P pages each ({@link ProtectionDomain#regUserMr}), one after another, each on a buffer of
 * its own (allocated, at no cost, before the call); then, if asked, once every thread is done, all deregister theirs. It measures each
 * call's latency and each phase's elapsed simulated time; the run report's measured interval is the whole bench.
 */
public final class MrBenchWorkload implements CustomWorkload {

    /** What to run. */
    public record Options(int threads, int mrs, int pages, boolean free) {
        public Options {
            if (threads < 1 || mrs < 1 || pages < 1) {
                throw new UserException("--threads, --mrs and --pages must be at least 1 (got " + threads + ", "
                        + mrs + ", " + pages + ")");
            }
        }

        /** Bytes of each MR. */
        public long bytes() {
            return (long) pages * 4096;
        }
    }

    /** Told every {@value #PROGRESS_EVERY} registrations (on the simulation's thread), and when the bench ends. */
    @FunctionalInterface
    public interface Progress {
        void registered(long done, long total, long simulatedNs);

        default void finished() { }

        Progress NONE = (done, total, simulatedNs) -> { };
    }

    static final int PROGRESS_EVERY = 1024;
    /**
     * Registrations that spend this share of their time waiting for CREATE_MKEY are bound by the command interface:
     * they wait for it in bursts (one miss behind a queue of refills, then hits), so even a modest share means the
     * firmware sets the pace.
     */
    static final double WAITS_ON_COMMANDS_PCT = 5;

    private final Options options;
    private final Progress progress;
    private final Histogram allocLatency = histogram();
    private final Histogram freeLatency = histogram();
    private Host host;
    private String where = "";
    private ProtectionDomain pd;
    private Thread[] threads;
    private long start;
    private long allocatedAt;
    private long freedAt;
    private long registered;
    private int allocating;
    private int freeing;

    public MrBenchWorkload(Options options, Progress progress) {
        this.options = options;
        this.progress = progress;
    }

    private static Histogram histogram() {
        return new Histogram(1, 3_600_000_000_000L, 3);
    }

    @Override
    public Map<String, Double> run(SimulatedTestbed testbed) {
        host = testbed.hosts().get(0);
        int needed = options.threads() + 2;
        if (host.coreCount() < needed) {
            throw new UserException(options.threads() + " threads need " + needed + " cores on host "
                    + host.name() + " (one each, core 0 for the device's interrupts, the last for the MR cache's work);"
                    + " it has " + host.coreCount());
        }
        if (host.devices().isEmpty()) {
            throw new UserException("host " + host.name() + " has no RDMA device");
        }
        pd = host.devices().get(0).allocPd();
        where = host.name() + "/" + host.devices().get(0).name() + " (" + testbed.config("hca.profile").orElse("?") + " on "
                + testbed.config("testbed.initiator.profile").filter(p -> !p.isEmpty())
                        .or(() -> testbed.config("host.profile")).orElse("?") + ", " + host.coreCount() + " cores)";
        threads = new Thread[options.threads()];
        testbed.startMeasuring();
        start = testbed.now();
        allocating = threads.length;
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(t + 1);
            host.run(t + 1, Priority.THREAD, "mr-bench", threads[t]);
        }
        testbed.runUntil(() -> allocating == 0 && (!options.free() || freeing == 0));
        progress.finished();
        if (allocating > 0 || options.free() && freeing > 0) {
            throw new IllegalStateException("mr-bench: the simulation ran out of events with "
                    + allocating + " threads still registering and " + freeing + " deregistering");
        }
        return metrics();
    }

    private Map<String, Double> metrics() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("ms", allocElapsedNs() / 1e6);
        m.put("mrs_per_second", options.threads() * (double) options.mrs() / (allocElapsedNs() / 1e9));
        m.put("mean_latency_us", allocLatency.getMean() / 1e3);
        m.put("p99_latency_us", allocLatency.getValueAtPercentile(99) / 1e3);
        if (options.free()) {
            m.put("free_ms", freeElapsedNs() / 1e6);
        }
        return m;
    }

    /** The bench's own account when nothing saturates: what the registrations' time went to. */
    @Override
    public RunReport annotate(RunReport report) {
        long thread = 0;
        long command = 0;
        long umr = 0;
        long count = 0;
        for (CounterTable t : report.tables()) {
            if (t.title().endsWith(UserMrReports.REGISTRATIONS)) {
                for (var row : t.rows()) {
                    count += row.get(t.columns().indexOf("registrations"));
                    thread += row.get(t.columns().indexOf("thread_ns"));
                    command += row.get(t.columns().indexOf("command_wait_ns"));
                    umr += row.get(t.columns().indexOf("umr_wait_ns"));
                }
            }
        }
        long total = thread + command + umr;
        if (count == 0 || total == 0) {
            return report;
        }
        double cpu = 100.0 * thread / total;
        double umrShare = 100.0 * umr / total;
        double commandShare = 100.0 * command / total;
        boolean firmwareSaturated = report.bottleneck().filter(r -> r.kind().equals("firmware")).isPresent();
        String bound = commandShare >= WAITS_ON_COMMANDS_PCT ? "bound by the firmware command interface"
                : (firmwareSaturated ? "the firmware's work is the cache's background refill, which they do not wait for; " : "")
                        + (cpu >= umrShare ? "bound by the CPU of the registering thread" : "bound by the UMR round trip and the wake-up");
        return report.withBoundBy(String.format(Locale.ROOT, "registrations take %.1f us each (CPU %.0f%%, UMR round"
                + " trip and wake-up %.0f%%, waiting for CREATE_MKEY %.0f%%): %s", total / 1e3 / count, cpu, umrShare,
                commandShare, bound));
    }

    public Options options() {
        return options;
    }

    /** The host and device it ran on, with their profiles. */
    public String where() {
        return where;
    }

    /** Simulated time from the start until the last thread registered its last MR. */
    public long allocElapsedNs() {
        return allocatedAt - start;
    }

    /** Simulated time of the free phase (0 without it). */
    public long freeElapsedNs() {
        return options.free() ? freedAt - allocatedAt : 0;
    }

    /** Latency of each registration call, ns. */
    public Histogram allocLatency() {
        return allocLatency;
    }

    /** Latency of each deregistration call, ns. */
    public Histogram freeLatency() {
        return freeLatency;
    }

    /** One registering thread: its loop of calls, each the callback of the one before. */
    private final class Thread implements Runnable, UserMrCallback {
        private final int core;
        private final MemoryRegion[] mrs;
        private final Runnable freedOne = this::freedOne;
        private int done;
        private long calledAt;
        private boolean deregistering;

        Thread(int core) {
            this.core = core;
            this.mrs = options.free() ? new MemoryRegion[options.mrs()] : null;
        }

        @Override
        public void run() {
            if (deregistering) {
                deregisterNext();
            } else {
                registerNext();
            }
        }

        private void registerNext() {
            long iova = host.memory().allocatePayload(options.bytes(), 4096); // allocated before timing
            calledAt = host.now();
            pd.regUserMr(iova, options.bytes(), AccessFlag.all(), this);
        }

        @Override
        public void registered(MemoryRegion mr) {
            allocLatency.recordValue(Math.max(1, host.now() - calledAt));
            if (mrs != null) {
                mrs[done] = mr;
            }
            done++;
            if (++registered % PROGRESS_EVERY == 0) {
                progress.registered(registered, (long) options.threads() * options.mrs(), host.now() - start);
            }
            if (done < options.mrs()) {
                registerNext();
                return;
            }
            allocatedAt = Math.max(allocatedAt, host.now());
            if (--allocating == 0 && options.free()) {
                freeing = threads.length; // every thread is done: all start deregistering now
                for (Thread t : threads) {
                    t.deregistering = true;
                    t.done = 0;
                    host.run(t.core, Priority.THREAD, "mr-bench free", t);
                }
            }
        }

        private void deregisterNext() {
            calledAt = host.now();
            mrs[done].deregister(freedOne);
        }

        private void freedOne() {
            freeLatency.recordValue(Math.max(1, host.now() - calledAt));
            mrs[done] = null;
            if (++done < options.mrs()) {
                deregisterNext();
                return;
            }
            freedAt = Math.max(freedAt, host.now());
            freeing--;
        }
    }
}
