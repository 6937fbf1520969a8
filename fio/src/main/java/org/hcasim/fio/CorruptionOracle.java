package org.hcasim.fio;

import java.util.HashMap;
import java.util.Map;
import org.hcasim.core.fault.FaultLedger;
import org.hcasim.host.HostMemory;

/**
 * The simulator's own check of what reads return (docs/faults.md): it remembers, per block of each device, a hash of
 * what the last successful write wrote (a block never written reads as zeroes from a ram backstore), and counts a
 * block that a successful read returns different as <b>undetected corruption</b>: no check on the way caught it.
 * Only a simulator can count that. A block whose last write failed, or that a write touched while the read was in
 * flight, is not compared; a block counted once is not counted again until it is written anew. It runs only when a
 * run injects bit flips into a backstore that keeps its data, and costs the simulated hosts nothing.
 */
final class CorruptionOracle {
    /** A block whose content the oracle does not know. */
    private static final long UNKNOWN = 0;

    private final FaultLedger ledger;
    /** Per device: the blocks reads and writes touched, by block number. */
    private final Map<String, Map<Long, Block>> devices = new HashMap<>();
    private final Map<Integer, Long> zeroHash = new HashMap<>();

    /** What the oracle knows of one block. */
    private static final class Block {
        /** Hash of what the last successful write wrote, {@link #UNKNOWN}, or that of zeroes (never written). */
        long expected;
        /** Writes submitted or completed, so a read can tell that one touched the block while it was in flight. */
        long version;
        int writesInFlight;

        Block(long zeroes) {
            this.expected = zeroes;
        }
    }

    CorruptionOracle(FaultLedger ledger) {
        this.ledger = ledger;
    }

    /** A write of {@code length} bytes at {@code offset} is submitted from {@code iova}; returns its blocks' hashes. */
    long[] writing(String device, long offset, int length, int blockSize, HostMemory memory, long iova) {
        long[] hashes = hashes(length, blockSize, memory, iova);
        for (int i = 0; i < hashes.length; i++) {
            Block b = block(device, offset / blockSize + i, blockSize);
            b.version++;
            b.writesInFlight++;
        }
        return hashes;
    }

    /** The write of {@link #writing} completed, successfully or not. */
    void written(String device, long offset, int blockSize, long[] hashes, boolean ok) {
        for (int i = 0; i < hashes.length; i++) {
            Block b = block(device, offset / blockSize + i, blockSize);
            b.version++;
            b.writesInFlight--;
            b.expected = ok ? hashes[i] : UNKNOWN;
        }
    }

    /** A read is submitted: the write versions of its blocks, to compare when it completes. */
    long[] reading(String device, long offset, int length, int blockSize) {
        long[] out = new long[length / blockSize];
        for (int i = 0; i < out.length; i++) out[i] = block(device, offset / blockSize + i, blockSize).version;
        return out;
    }

    /** A read completed successfully with its data at {@code iova}: blocks that differ from what was written count. */
    void read(String device, long offset, int length, int blockSize, long[] versionsAtSubmit, HostMemory memory, long iova) {
        long[] got = hashes(length, blockSize, memory, iova);
        for (int i = 0; i < got.length; i++) {
            Block b = block(device, offset / blockSize + i, blockSize);
            if (b.version != versionsAtSubmit[i] || b.writesInFlight > 0) continue; // a write raced the read
            if (b.expected == UNKNOWN || b.expected == got[i]) continue;
            ledger.count(FaultLedger.Section.UNDETECTED, "blocks read back wrong (oracle)");
            b.expected = UNKNOWN;
        }
    }

    private Block block(String device, long number, int blockSize) {
        return devices.computeIfAbsent(device, d -> new HashMap<>())
                .computeIfAbsent(number, n -> new Block(zeroHash.computeIfAbsent(blockSize, CorruptionOracle::zeroes)));
    }

    private static long[] hashes(int length, int blockSize, HostMemory memory, long iova) {
        byte[] data = new byte[length];
        memory.read(iova, data, 0, length);
        long[] out = new long[length / blockSize];
        for (int i = 0; i < out.length; i++) out[i] = hash(data, i * blockSize, blockSize);
        return out;
    }

    private static long zeroes(int blockSize) {
        return hash(new byte[blockSize], 0, blockSize);
    }

    /** FNV-1a over the block, never {@link #UNKNOWN}. */
    private static long hash(byte[] data, int from, int length) {
        long h = 0xcbf29ce484222325L;
        for (int i = from; i < from + length; i++) h = (h ^ (data[i] & 0xFF)) * 0x100000001b3L;
        return h == UNKNOWN ? 1 : h;
    }
}
