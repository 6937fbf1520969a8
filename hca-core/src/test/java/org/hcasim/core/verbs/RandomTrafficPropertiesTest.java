package org.hcasim.core.verbs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.hcasim.core.fault.FaultLedger;
import org.hcasim.core.fault.FaultSettings;
import org.hcasim.core.fault.Faults;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.ScatterEntry;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * Random RDMA traffic on one RC connection ends with exactly the memory a sequential reference model
 * predicts. Host a writes and sends from its lower half and reads into its upper half (no local overlap
 * between an RDMA READ's destination and a later WR's source, which IB only orders with a fence); host b
 * exposes its whole buffer through a user MR and, for some operations, through a KLM MR whose pieces are
 * scattered over the buffer.
 */
class RandomTrafficPropertiesTest {
    private static final int SIZE = 64 * 1024;
    private static final int HALF = SIZE / 2;

    enum Kind { WRITE, READ, SEND, WRITE_KLM }

    record Op(Kind kind, int localOffset, int remoteOffset, int length) {
    }

    @Provide
    Arbitrary<List<Op>> traffic() {
        Arbitrary<Op> op = Combinators.combine(Arbitraries.of(Kind.class),
                Arbitraries.integers().between(0, HALF - 1), Arbitraries.integers().between(0, SIZE - 1),
                Arbitraries.integers().between(1, 9000))
                .as((k, l, r, len) -> new Op(k, l, r, len));
        return op.list().ofMinSize(1).ofMaxSize(24);
    }

    @Property(tries = 40)
    void finalMemoryEqualsTheSequentialReferenceModel(@ForAll("traffic") List<Op> ops, @ForAll long seed) {
        runAgainstTheModel(Pair.connected(), ops, seed, false);
    }

    @Provide
    Arbitrary<FaultSettings> wireFaults() {
        return Combinators.combine(Arbitraries.doubles().between(0, 0.05).ofScale(4), Arbitraries.doubles().between(0, 2e-6).ofScale(9),
                Arbitraries.longs().between(1, 400).array(long[].class).ofMaxSize(4))
                .as((loss, ber, drops) -> new FaultSettings(loss, ber, java.util.Arrays.stream(drops).sorted().toArray(),
                        new long[0], 0, 0, 0, "", 0, 0));
    }

    /**
     * With packets lost and corrupted at random, RC recovers every one (go-back-N within the retry count): every work
     * request completes exactly once and successfully, memory ends as the model says, and every lost packet is
     * accounted for as recovered.
     */
    @Property(tries = 40)
    void wireFaultsAreRecoveredTransparently(@ForAll("traffic") List<Op> ops, @ForAll("wireFaults") FaultSettings faults,
                                             @ForAll long seed) {
        Pair p = Pair.connected(faults, seed);
        runAgainstTheModel(p, ops, seed, true);
        FaultLedger ledger = Faults.of(p.tb.simulation()).ledger();
        assertThat(ledger.total(FaultLedger.Section.FAILED)).isZero();
        assertThat(ledger.total(FaultLedger.Section.RECOVERED)).isEqualTo(ledger.total(FaultLedger.Section.INJECTED));
    }

    /**
     * With {@code readsFinishFirst} each READ completes before the next WR is posted: a READ whose response is lost
     * is served again when it is retransmitted (as the IB spec has a responder do for a duplicate READ), after the
     * WRITEs behind it, so it may return what they wrote; an application that needs the old data waits for the READ
     * (or fences), and so does this model.
     */
    private static void runAgainstTheModel(Pair p, List<Op> ops, long seed, boolean readsFinishFirst) {
        List<WorkRequest> posted = new ArrayList<>();
        Random random = new Random(seed);
        byte[] modelA = new byte[SIZE];
        byte[] modelB = new byte[SIZE];
        random.nextBytes(modelA);
        random.nextBytes(modelB);
        long a = Pair.mem(p.devA).allocate(SIZE, 4096);
        long b = Pair.mem(p.devB).allocate(SIZE, 4096);
        Pair.mem(p.devA).write(a, modelA, 0, SIZE);
        Pair.mem(p.devB).write(b, modelB, 0, SIZE);
        MemoryRegion localA = p.pdA.regMr(a, SIZE, AccessFlag.all());
        MemoryRegion remoteB = p.pdB.regMr(b, SIZE, AccessFlag.all());
        // KLM view of b: its four quarters in the order 2, 0, 3, 1.
        MemoryRegion klm = p.pdB.allocMr(MrType.SG_GAPS, 4);
        int q = SIZE / 4;
        int[] order = {2, 0, 3, 1};
        List<ScatterEntry> pieces = new ArrayList<>();
        for (int i : order) {
            pieces.add(new ScatterEntry(b + (long) i * q, q));
        }
        klm.mapSg(pieces, 4096);
        p.b.postSend(WorkRequest.RegMr.of(klm, AccessFlag.all(), p.toB()));
        p.run();
        p.doneB.clear();

        List<WorkCompletion> completions = new ArrayList<>();
        int recvCursor = 0;
        for (Op op : ops) {
            if (p.a.outstandingSends() >= 15) {
                p.run(); // the send queue holds 16 WRs
            }
            int len = Math.min(op.length(), HALF - op.localOffset());
            int remote = Math.min(op.remoteOffset(), SIZE - len);
            switch (op.kind()) {
                case WRITE -> {
                    post(p.a, posted, WorkRequest.RdmaWrite.of(List.of(new Sge(a + op.localOffset(), len, localA.lkey())),
                            b + remote, remoteB.rkey(), completions::add, SendFlag.SIGNALED));
                    System.arraycopy(modelA, op.localOffset(), modelB, remote, len);
                }
                case WRITE_KLM -> {
                    post(p.a, posted, WorkRequest.RdmaWrite.of(List.of(new Sge(a + op.localOffset(), len, localA.lkey())),
                            klm.iova() + remote, klm.rkey(), completions::add, SendFlag.SIGNALED));
                    for (int i = 0; i < len; i++) {
                        int virt = remote + i;
                        modelB[order[virt / q] * q + virt % q] = modelA[op.localOffset() + i];
                    }
                }
                case READ -> {
                    int dst = HALF + op.localOffset() % (HALF - len + 1);
                    post(p.a, posted, WorkRequest.RdmaRead.of(List.of(new Sge(a + dst, len, localA.lkey())),
                            b + remote, remoteB.rkey(), completions::add, SendFlag.SIGNALED));
                    System.arraycopy(modelB, remote, modelA, dst, len);
                    if (readsFinishFirst) {
                        p.run();
                    }
                }
                case SEND -> {
                    int slot = recvCursor % 4;
                    recvCursor++;
                    int dst = slot * (SIZE / 4);
                    WorkRequest.Recv recv = new WorkRequest.Recv(List.of(new Sge(b + dst, SIZE / 4, remoteB.lkey())), completions::add);
                    posted.add(recv);
                    p.b.postRecv(recv);
                    int sendLen = Math.min(len, SIZE / 4);
                    post(p.a, posted, WorkRequest.Send.of(List.of(new Sge(a + op.localOffset(), sendLen, localA.lkey())),
                            completions::add, SendFlag.SIGNALED));
                    System.arraycopy(modelA, op.localOffset(), modelB, dst, sendLen);
                }
            }
            if (random.nextInt(4) == 0) {
                p.run(); // sometimes let the queue drain, sometimes keep many WRs in flight
            }
        }
        p.run();

        assertThat(completions).extracting(WorkCompletion::status).containsOnly(WcStatus.SUCCESS);
        assertThat(completions).extracting(WorkCompletion::request).containsExactlyInAnyOrderElementsOf(posted);
        assertThat(Pair.read(p.devA, a, SIZE)).isEqualTo(modelA);
        assertThat(Pair.read(p.devB, b, SIZE)).isEqualTo(modelB);
    }

    private static void post(org.hcasim.verbs.QueuePair qp, List<WorkRequest> posted, WorkRequest.SendRequest wr) {
        posted.add(wr);
        qp.postSend(wr);
    }
}
