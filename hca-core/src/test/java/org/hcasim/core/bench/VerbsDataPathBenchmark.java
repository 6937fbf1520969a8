package org.hcasim.core.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.RdmaDevice;
import org.hcasim.verbs.ScatterEntry;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The verbs engine's data path on two hosts, one RC QP pair, {@code depth} operations kept outstanding, each
 * completion posting the next. Score = completed operations per wall second.
 * <ul>
 *   <li>{@code rdmaWrite}: an RDMA WRITE of {@code bytes} from a user MR into the peer's user MR (doorbell, WQE
 *       fetch, translation, PCIe read, wire, remote translation and DMA write, ACK, CQE, interrupt, soft-IRQ poll).</li>
 *   <li>{@code fastRegSend}: what a storage initiator posts per I/O: LOCAL_INV of the previous key, REG_MR of a
 *       4 KiB MTT mapping (a UMR), a 64-byte SEND consumed by a receive at the peer.</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 2) // a whole engine: the JIT needs seconds to settle
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class VerbsDataPathBenchmark {
    private static final int BATCH = 2_000;
    private static final int DEPTH = 16;

    @Param({"4096"})
    int bytes;

    private VerbsTestbed tb;
    private QueuePair a;
    private QueuePair b;
    private ProtectionDomain pdA;
    private ProtectionDomain pdB;
    private long completed;

    @Setup
    public void setUp() {
        tb = VerbsTestbed.builder().hosts("a", "b").coresPerHost(2).payload(PayloadMode.REAL).build();
        RdmaDevice devA = tb.device("a");
        RdmaDevice devB = tb.device("b");
        pdA = devA.allocPd();
        pdB = devB.allocPd();
        CompletionQueue cqA = devA.createCq(CqInit.of(1024, 1, PollContext.SOFTIRQ));
        CompletionQueue cqB = devB.createCq(CqInit.of(1024, 1, PollContext.SOFTIRQ));
        a = pdA.createQp(QpInit.of(cqA, 4 * DEPTH, 4 * DEPTH, 2));
        b = pdB.createQp(QpInit.of(cqB, 4 * DEPTH, 4 * DEPTH, 2));
        VerbsTestbed.connect(a, b);
    }

    private long buffer(QueuePair qp, long length) {
        return tb.device(qp == a ? "a" : "b").host().memory().allocate(length, 4096);
    }

    /** Runs until {@code BATCH} more operations have completed. */
    private void runBatch() {
        long target = completed + BATCH;
        tb.simulation().loop().runUntil(() -> completed >= target);
    }

    // ---------------------------------------------------------------- RDMA WRITE

    private boolean writesStarted;
    private MemoryRegion src;
    private MemoryRegion dst;
    private final CompletionCallback writeDone = this::writeDone;

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long rdmaWrite() {
        if (!writesStarted) {
            writesStarted = true;
            src = pdA.regMr(buffer(a, bytes), bytes, AccessFlag.all());
            dst = pdB.regMr(buffer(b, bytes), bytes, AccessFlag.all());
            for (int i = 0; i < DEPTH; i++) {
                postWrite();
            }
        }
        runBatch();
        return completed;
    }

    private void postWrite() {
        a.postSend(List.of(WorkRequest.RdmaWrite.of(List.of(new Sge(src.iova(), bytes, src.lkey())), dst.iova(), dst.rkey(),
                writeDone, SendFlag.SIGNALED)));
    }

    private void writeDone(WorkCompletion wc) {
        completed++;
        postWrite();
    }

    // ---------------------------------------------------------------- fast registration + SEND

    private boolean sendsStarted;
    private MemoryRegion[] slots;
    private long[] slotData;
    private CompletionCallback[] slotSent;
    private long capsule;
    private long inbox;
    private final CompletionCallback received = this::received;

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long fastRegSend() {
        if (!sendsStarted) {
            sendsStarted = true;
            capsule = buffer(a, 64);
            inbox = buffer(b, 64);
            MemoryRegion inboxMr = pdB.regMr(inbox, 64, AccessFlag.all());
            for (int i = 0; i < 2 * DEPTH; i++) {
                b.postRecv(List.of(new WorkRequest.Recv(List.of(new Sge(inbox, 64, inboxMr.lkey())), received)));
            }
            slots = new MemoryRegion[DEPTH];
            slotData = new long[DEPTH];
            slotSent = new CompletionCallback[DEPTH];
            for (int i = 0; i < DEPTH; i++) {
                int slot = i;
                slots[i] = pdA.allocMr(MrType.MEM_REG, 1);
                slotData[i] = buffer(a, 4096);
                slotSent[i] = wc -> postIo(slot, true);
                postIo(i, false);
            }
        }
        runBatch();
        return completed;
    }

    private void postIo(int slot, boolean invalidateFirst) {
        MemoryRegion mr = slots[slot];
        WorkRequest.LocalInvalidate inv = invalidateFirst
                ? WorkRequest.LocalInvalidate.of(mr.lkey(), CompletionCallback.IGNORE) : null;
        mr.mapSg(List.of(new ScatterEntry(slotData[slot], 4096)), 4096);
        WorkRequest.RegMr reg = WorkRequest.RegMr.of(mr, AccessFlag.all(), CompletionCallback.IGNORE);
        WorkRequest.Send send = WorkRequest.Send.of(List.of(new Sge(capsule, 64, pdA.localDmaLkey())),
                slotSent[slot], SendFlag.SIGNALED);
        a.postSend(inv == null ? List.of(reg, send) : List.of(inv, reg, send));
    }

    private void received(WorkCompletion wc) {
        completed++;
        b.postRecv(List.of((WorkRequest.Recv) wc.request()));
    }
}
