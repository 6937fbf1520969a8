package org.hcasim.core.fault;

import java.util.random.RandomGenerator;
import org.hcasim.core.fault.FaultLedger.Section;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.HostMemory;

/**
 * The faults of one simulation: decides, from seeded streams of its own ({@code fault.wire}, {@code fault.backstore},
 * {@code fault.memory}, {@code fault.dma}), which packets the wire loses or corrupts and which bits of data flip, and
 * keeps the {@link FaultLedger}. A simulation without {@code fault.*} settings gets {@link #off()}, whose flags are
 * false: the engine tests a final boolean per packet and draws nothing.
 */
public final class Faults {
    /** {@link #damage} of a packet train that arrives whole. */
    public static final int DELIVERED = -1;

    private static final Faults OFF = new Faults(null, FaultSettings.NONE);

    private final FaultSettings settings;
    private final FaultLedger ledger = new FaultLedger();
    /** Packets can be lost or corrupted. */
    public final boolean wire;
    /** Bits of RDMA READ and WRITE data can flip as the HCA reads them from memory. */
    public final boolean dma;
    private final RandomGenerator wireRandom;
    private final RandomGenerator backstoreRandom;
    private final RandomGenerator memoryRandom;
    private final RandomGenerator dmaRandom;
    /** Packets put on the wire so far (chosen packets are numbered from 1). */
    private long packetsSent;
    private int dropCursor;
    private int corruptCursor;
    /** The time {@code fault.link.down-at} counts from: the start of the workload (0 until one says it started). */
    private long linkOrigin;

    private Faults(Simulation sim, FaultSettings settings) {
        this.settings = settings;
        this.wire = settings.wireFaults();
        this.dma = settings.dmaFlipRate() > 0;
        this.wireRandom = sim == null ? null : sim.random("fault.wire");
        this.backstoreRandom = sim == null ? null : sim.random("fault.backstore");
        this.memoryRandom = sim == null ? null : sim.random("fault.memory");
        this.dmaRandom = sim == null ? null : sim.random("fault.dma");
    }

    /** No faults (what a simulation without {@code fault.*} settings has). */
    public static Faults off() {
        return OFF;
    }

    /** Attaches the faults of {@code settings} to {@code sim} (nothing when they ask for none); returns them. */
    public static Faults install(Simulation sim, FaultSettings settings) {
        return settings.any() ? sim.attach(Faults.class, new Faults(sim, settings)) : OFF;
    }

    /** The faults attached to {@code sim}, or {@link #off()}. */
    public static Faults of(Simulation sim) {
        try {
            return sim.component(Faults.class);
        } catch (IllegalStateException none) {
            return OFF;
        }
    }

    public boolean any() {
        return settings.any();
    }

    public FaultSettings settings() {
        return settings;
    }

    public FaultLedger ledger() {
        return ledger;
    }

    /**
     * The workload starts at {@code now} (after the testbed connected): {@code fault.link.down-at} counts from here.
     * A testbed that connects before its workload calls {@link #holdLinkFaults} first, so set-up is never cut off.
     */
    public void workloadStarts(long now) {
        if (this == OFF) return; // shared by every simulation without faults: nothing to keep
        linkOrigin = now;
    }

    /** No link fault until {@link #workloadStarts}. */
    public void holdLinkFaults() {
        if (this == OFF) return;
        linkOrigin = Long.MAX_VALUE;
    }

    // ---------------------------------------------------------------- wire

    /**
     * The fate of a message of {@code packets} packets of at most {@code bitsPerPacket} bits each (headers included),
     * put on the wire at {@code t} from host {@code from} to host {@code to} (port names for the account): {@link
     * #DELIVERED}, or the index of the first packet lost or corrupted, shifted left by one, with the low bit set when it
     * was corrupted (the receiving HCA drops it for its ICRC) rather than lost. The ledger counts it.
     */
    public int damage(long t, String from, String to, String toPort, long packets, long bitsPerPacket) {
        long first = packetsSent + 1;
        packetsSent += packets;
        if (linkDown(t, from, to)) {
            ledger.add(Section.INJECTED, "packets lost to link down", packets);
            return 0;
        }
        long chosen = Long.MAX_VALUE;
        boolean corrupted = false;
        long[] drops = settings.dropPackets();
        while (dropCursor < drops.length && drops[dropCursor] < first) dropCursor++;
        if (dropCursor < drops.length && drops[dropCursor] <= packetsSent) chosen = drops[dropCursor] - first;
        long[] corrupts = settings.corruptPackets();
        while (corruptCursor < corrupts.length && corrupts[corruptCursor] < first) corruptCursor++;
        if (corruptCursor < corrupts.length && corrupts[corruptCursor] <= packetsSent && corrupts[corruptCursor] - first < chosen) {
            chosen = corrupts[corruptCursor] - first;
            corrupted = true;
        }
        double loss = settings.wireLossRate();
        double ber = settings.wireBitErrorRate();
        if (loss > 0 || ber > 0) {
            double intact = (1 - loss) * Math.exp(bitsPerPacket * Math.log1p(-ber));
            double u = 1 - wireRandom.nextDouble(); // (0, 1]
            long k = intact >= 1 ? Long.MAX_VALUE : intact <= 0 ? 0 : (long) Math.floor(Math.log(u) / Math.log(intact));
            if (k < packets && k < chosen) {
                chosen = k;
                corrupted = wireRandom.nextDouble() * (1 - intact) >= loss;
            }
        }
        if (chosen == Long.MAX_VALUE) {
            return DELIVERED;
        }
        if (corrupted) {
            ledger.count(Section.INJECTED, "packets corrupted");
            ledger.count(Section.CAUGHT, "ICRC at " + toPort);
        } else {
            ledger.count(Section.INJECTED, "packets lost");
        }
        return (int) Math.min(chosen, Integer.MAX_VALUE >> 1) << 1 | (corrupted ? 1 : 0);
    }

    /** Whether the link between hosts {@code from} and {@code to} is down at {@code t} ({@code fault.link.*}). */
    public boolean linkDown(long t, String from, String to) {
        long sinceDown = t - linkOrigin - settings.linkDownAtNs();
        return settings.linkDownForNs() > 0 && linkOrigin != Long.MAX_VALUE && sinceDown >= 0
                && sinceDown < settings.linkDownForNs()
                && (from.equals(settings.linkHost()) || to.equals(settings.linkHost()));
    }

    /**
     * Whether the storage target, a command of which arrived at {@code t}, has stopped answering then
     * ({@code fault.target.*}): its NVMe target is hung, the command is lost unanswered (its HCA still acknowledged it).
     * The ledger counts it.
     */
    public boolean targetStopped(long t, String host) {
        long since = t - linkOrigin - settings.targetStopAtNs();
        if (settings.targetStopForNs() <= 0 || linkOrigin == Long.MAX_VALUE || since < 0
                || since >= settings.targetStopForNs()) {
            return false;
        }
        ledger.count(Section.INJECTED, "commands unanswered by a stopped target at " + host);
        return true;
    }

    /**
     * A connection manager message from {@code from} to {@code to} at {@code t} was lost to a link down (CM MADs are
     * not retried here: the kernel's CM retries after ~4 s, later than a ULP waits for it); the ledger counts it.
     */
    public boolean cmMessageLost(long t, String from, String to) {
        if (!linkDown(t, from, to)) return false;
        ledger.count(Section.INJECTED, "CM messages lost to link down");
        return true;
    }

    /** A ULP's error recovery on {@code host} took step {@code what} (counted beside the transport's own steps). */
    public void recoveryStep(String host, String what) {
        ledger.count(Section.TRANSPORT, what + " at " + host);
    }

    /** A ULP's error recovery on {@code host} recovered {@code what}; {@code recovered} false when it gave up. */
    public void recovery(String host, String what, boolean recovered) {
        ledger.count(recovered ? Section.RECOVERED : Section.FAILED, what + " at " + host);
    }

    // ---------------------------------------------------------------- data

    /**
     * A ram backstore of host {@code host} read {@code length} bytes of blocks of {@code blockSize} into
     * {@code data[offset..]}: each block has one bit flipped with probability {@code fault.backstore.flip-rate}.
     */
    public void backstoreRead(String host, byte[] data, int offset, int length, int blockSize) {
        flipBlocks(backstoreRandom, settings.backstoreFlipRate(), data, offset, length, blockSize,
                "backstore bit flips at " + host);
    }

    /**
     * The data of a block I/O, its PI generated, sits in {@code memory} at {@code iova}: each block has one bit
     * flipped there with probability {@code fault.memory.flip-rate}.
     */
    public void inMemory(String host, HostMemory memory, long iova, int length, int blockSize) {
        double rate = settings.memoryFlipRate();
        if (rate <= 0 || !memory.payloadReal()) return;
        for (int at = 0; at + blockSize <= length; at += blockSize) {
            if (memoryRandom.nextDouble() >= rate) continue;
            long bit = memoryRandom.nextLong((long) blockSize * 8);
            byte[] b = new byte[1];
            long address = iova + at + bit / 8;
            memory.read(address, b, 0, 1);
            b[0] ^= (byte) (1 << (bit % 8));
            memory.write(address, b, 0, 1);
            ledger.count(Section.INJECTED, "memory bit flips at " + host);
        }
    }

    /**
     * The HCA of {@code host} DMA-reads the {@code length} bytes of an RDMA READ or WRITE: with probability
     * {@code fault.dma.flip-rate} one bit of them flips; returns its index (0 = the first byte's lowest bit), or -1.
     */
    public long dmaRead(String host, long length) {
        if (length <= 0 || dmaRandom.nextDouble() >= settings.dmaFlipRate()) return -1;
        ledger.count(Section.INJECTED, "DMA bit flips at " + host);
        return dmaRandom.nextLong(length * 8);
    }

    /** A check caught a fault: {@code who} names it (e.g. {@code PI check of target/mlx5_0 (HCA)}). */
    public void caught(String who) {
        ledger.count(Section.CAUGHT, who);
    }

    private void flipBlocks(RandomGenerator r, double rate, byte[] data, int offset, int length, int blockSize, String what) {
        if (rate <= 0) return;
        for (int at = 0; at + blockSize <= length; at += blockSize) {
            if (r.nextDouble() >= rate) continue;
            int bit = r.nextInt(blockSize * 8);
            data[offset + at + bit / 8] ^= (byte) (1 << (bit % 8));
            ledger.count(Section.INJECTED, what);
        }
    }
}
