package org.hcasim.core.verbs;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.host.HostMemory;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.AsyncEvent;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.VerbsException;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/** Two hosts "a" and "b", a PD and a soft-IRQ CQ each, and one connected RC QP pair; completions recorded. */
final class Pair {
    final VerbsTestbed tb;
    final SimRdmaDevice devA;
    final SimRdmaDevice devB;
    final ProtectionDomain pdA;
    final ProtectionDomain pdB;
    final CompletionQueue cqA;
    final CompletionQueue cqB;
    QueuePair a;
    QueuePair b;
    final List<WorkCompletion> doneA = new ArrayList<>();
    final List<WorkCompletion> doneB = new ArrayList<>();
    final List<AsyncEvent> eventsA = new ArrayList<>();
    final List<AsyncEvent> eventsB = new ArrayList<>();

    Pair(PayloadMode mode, int cqSize, QpInitTweak tweak) {
        this(VerbsTestbed.builder().hosts("a", "b").coresPerHost(2).payload(mode).build(), cqSize, tweak);
    }

    private Pair(VerbsTestbed testbed, int cqSize, QpInitTweak tweak) {
        tb = testbed;
        devA = tb.device("a");
        devB = tb.device("b");
        devA.setAsyncEventHandler(eventsA::add);
        devB.setAsyncEventHandler(eventsB::add);
        pdA = devA.allocPd();
        pdB = devB.allocPd();
        cqA = devA.createCq(CqInit.of(cqSize, 1, PollContext.SOFTIRQ));
        cqB = devB.createCq(CqInit.of(cqSize, 1, PollContext.SOFTIRQ));
        a = pdA.createQp(tweak.apply(QpInit.of(cqA, 16, 16, 4)));
        b = pdB.createQp(tweak.apply(QpInit.of(cqB, 16, 16, 4)));
    }

    interface QpInitTweak {
        QpInit apply(QpInit init);
    }

    /** Connected pair, real payload, default QPs, RNR retry forever. */
    static Pair connected() {
        Pair p = new Pair(PayloadMode.REAL, 64, i -> i);
        VerbsTestbed.connect(p.a, p.b);
        return p;
    }

    /** Connected pair, real payload, default QPs, with the faults of {@code faults} drawn from {@code seed}. */
    static Pair connected(org.hcasim.core.fault.FaultSettings faults, long seed) {
        Pair p = new Pair(VerbsTestbed.builder().hosts("a", "b").coresPerHost(2).seed(seed).faults(faults).build(), 64,
                i -> i);
        VerbsTestbed.connect(p.a, p.b);
        return p;
    }

    static Pair connected(PayloadMode mode) {
        Pair p = new Pair(mode, 64, i -> i);
        VerbsTestbed.connect(p.a, p.b);
        return p;
    }

    static Pair unconnected(int cqSize, QpInitTweak tweak) {
        return new Pair(PayloadMode.REAL, cqSize, tweak);
    }

    CompletionCallback toA() {
        return doneA::add;
    }

    CompletionCallback toB() {
        return doneB::add;
    }

    long run() {
        return tb.run();
    }

    /** The statuses of completions, in order. */
    static List<WcStatus> statuses(List<WorkCompletion> wcs) {
        return wcs.stream().map(WorkCompletion::status).toList();
    }

    /** The errno of the VerbsException {@code r} throws; fails the test when it throws none. */
    static Errno errnoOf(Runnable r) {
        try {
            r.run();
        } catch (VerbsException e) {
            return e.errno();
        }
        throw new AssertionError("no VerbsException");
    }

    static HostMemory mem(SimRdmaDevice d) {
        return d.host().memory();
    }

    /** Allocates {@code length} bytes on the device's host, filled with {@code fill} (real payload). */
    static long buffer(SimRdmaDevice d, int length, int fill) {
        long addr = mem(d).allocate(length, 4096);
        byte[] bytes = new byte[length];
        java.util.Arrays.fill(bytes, (byte) fill);
        mem(d).write(addr, bytes, 0, length);
        return addr;
    }

    static byte[] read(SimRdmaDevice d, long addr, int length) {
        byte[] out = new byte[length];
        mem(d).read(addr, out, 0, length);
        return out;
    }

    static MemoryRegion userMr(ProtectionDomain pd, long addr, int length, Set<AccessFlag> access) {
        return pd.regMr(addr, length, access);
    }

    static List<Sge> sge(long addr, int length, int lkey) {
        return List.of(new Sge(addr, length, lkey));
    }

    WorkRequest.Recv recvB(long addr, int length, int lkey) {
        return new WorkRequest.Recv(sge(addr, length, lkey), toB());
    }

    WorkRequest.Recv recvA(long addr, int length, int lkey) {
        return new WorkRequest.Recv(sge(addr, length, lkey), toA());
    }
}
