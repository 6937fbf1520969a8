package org.hcasim.dist.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.hcasim.core.config.UserException;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.core.verbs.SimRdmaDevice;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QueuePair;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hcasim bench scale}: how much heap a large verbs state takes. One host's ConnectX-5 gets {@code --qps} RC QPs,
 * each with its own CQ, and {@code --mrs} user MRs over distinct buffers; then, with every object still referenced,
 * the heap in use after a full collection is printed beside the JVM's limit. A measurement, not a test: its numbers
 * depend on the JVM; run it under the heap to check ({@code HCASIM_OPTS=-Xmx2g}) and, to see what holds the memory,
 * {@code jcmd PID GC.class_histogram} while it waits ({@code --hold}).
 */
@Command(name = "scale", mixinStandardHelpOptions = true,
        description = {"Create many verbs objects on one simulated device (default 100 000 MRs of 64 pages and 10 000 RC QPs,",
            "each QP with its own CQ) and print the heap they take after a full GC, beside the heap limit.",
            "Run it as HCASIM_OPTS=-Xmx2g hcasim bench scale to check that it fits in 2 GiB (docs/performance.md)."},
        footer = {"", "Examples:", "  HCASIM_OPTS=-Xmx2g hcasim bench scale",
            "  hcasim bench scale --mrs 1000000 --qps 0 --hold 60   (and jcmd PID GC.class_histogram meanwhile)"})
public final class BenchScaleCommand implements Callable<Integer> {

    @Option(names = "--mrs", defaultValue = "100000", description = "User MRs to register (default: ${DEFAULT-VALUE}).")
    int mrs;

    @Option(names = "--mr-pages", defaultValue = "64", description = "4 KiB pages per MR (default: ${DEFAULT-VALUE}, as mr-bench).")
    int mrPages;

    @Option(names = "--qps", defaultValue = "10000", description = "RC QPs to create, each with its own CQ (default: ${DEFAULT-VALUE}).")
    int qps;

    @Option(names = "--queue-depth", defaultValue = "128", description = "Send and receive WRs per QP, CQEs per CQ twice that (default: ${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--hold", paramLabel = "SECONDS", defaultValue = "0",
            description = "Keep the objects alive this long after measuring (for jcmd GC.class_histogram).")
    int holdSeconds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        if (mrs < 0 || qps < 0 || mrPages < 1 || depth < 1 || holdSeconds < 0) {
            throw new UserException("bench scale: --mrs, --qps and --hold must be 0 or more, --mr-pages and --queue-depth 1 or more");
        }
        long before = usedAfterGc();
        long start = System.nanoTime();
        VerbsTestbed tb = VerbsTestbed.builder().hosts("host").build();
        SimRdmaDevice device = tb.device("host");
        ProtectionDomain pd = device.allocPd();
        List<Object> alive = new ArrayList<>(mrs + 2 * qps);
        long mrBytes = 4096L * mrPages;
        var access = EnumSet.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_READ, AccessFlag.REMOTE_WRITE);
        for (int i = 0; i < mrs; i++) {
            long buffer = tb.host("host").memory().allocate(mrBytes, 4096);
            MemoryRegion mr = pd.regMr(buffer, mrBytes, access);
            alive.add(mr);
        }
        for (int i = 0; i < qps; i++) {
            CompletionQueue cq = device.createCq(CqInit.of(2 * depth, i % Math.max(1, device.attributes().numCompVectors()), PollContext.DIRECT));
            QueuePair qp = pd.createQp(QpInit.of(cq, depth, depth, 4));
            alive.add(cq);
            alive.add(qp);
        }
        tb.run(); // the firmware commands the creations queued
        long wallNs = System.nanoTime() - start;
        long after = usedAfterGc();
        long max = Runtime.getRuntime().maxMemory();
        spec.commandLine().getOut().printf(Locale.ROOT,
                "bench scale: %d MRs of %d pages and %d RC QPs (own CQ each, depth %d) on %s, created in %.1f s wall, %.3f s simulated%n"
                        + "  heap in use after a full GC: %.1f MiB (%.1f MiB before creating them: %.0f bytes per MR or QP with its CQ)%n"
                        + "  heap limit (-Xmx): %.0f MiB; %s%n",
                mrs, mrPages, qps, depth, device, wallNs / 1e9, tb.now() / 1e9, mib(after), mib(before),
                (mrs + qps) == 0 ? 0.0 : (double) (after - before) / (mrs + qps), mib(max),
                after < 2L << 30 ? "fits in 2 GiB" : "DOES NOT FIT in 2 GiB");
        spec.commandLine().getOut().flush();
        if (holdSeconds > 0) {
            spec.commandLine().getErr().println("bench scale: holding the objects for " + holdSeconds + " s (pid "
                    + ProcessHandle.current().pid() + ")");
            Thread.sleep(holdSeconds * 1000L);
        }
        java.lang.ref.Reference.reachabilityFence(alive);
        java.lang.ref.Reference.reachabilityFence(tb);
        return 0;
    }

    private static long usedAfterGc() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 3; i++) System.gc(); // the reference processing of one GC can free more in the next
        return memory.getHeapMemoryUsage().getUsed();
    }

    private static double mib(long bytes) {
        return bytes / (1024.0 * 1024.0);
    }
}
