package org.hcasim.ulp.nvmeof.capsule;

import org.hcasim.block.BlockFormat;
import org.hcasim.block.PiType;

/**
 * The fields of the 4096-byte Identify data structures that a fabrics host needs. Controller: controller
 * id (78-79), number of namespaces NN (516-519), I/O queue command capsule size IOCCSZ (1792-1795, in
 * 16-byte units, the 64-byte command included: it tells the host how much in-capsule data the target takes).
 * Namespace: size NSZE (0-7), capacity NCAP (8-15), formatted LBA size FLBAS (26, bit 4 = metadata at the
 * end of each block's data, "extended LBA"), data protection
 * settings DPS (29, PI type in bits 2:0), LBA format 0 (128-131: metadata size 2 bytes, LBADS = log2 of
 * the block size).
 */
public final class IdentifyData {

    public static final int BYTES = 4096;

    private IdentifyData() {
    }

    /** What Identify Controller tells the host. */
    public record Controller(int cntlid, int namespaces, int inCapsuleDataBytes) {
        public byte[] encode() {
            byte[] b = new byte[BYTES];
            LittleEndian.put(b, 78, cntlid, 2);
            LittleEndian.put(b, 516, namespaces, 4);
            LittleEndian.put(b, 1792, (NvmeCommand.BYTES + inCapsuleDataBytes) / 16, 4);
            return b;
        }

        public static Controller decode(byte[] b) {
            int ioccsz = (int) LittleEndian.get(b, 1792, 4);
            return new Controller((int) LittleEndian.get(b, 78, 2), (int) LittleEndian.get(b, 516, 4),
                    Math.max(0, ioccsz * 16 - NvmeCommand.BYTES));
        }
    }

    /** What Identify Namespace tells the host. */
    public record Namespace(long capacityBlocks, BlockFormat format) {
        public byte[] encode() {
            byte[] b = new byte[BYTES];
            LittleEndian.put(b, 0, capacityBlocks, 8);
            LittleEndian.put(b, 8, capacityBlocks, 8);
            // FLBAS: LBA format 0; with metadata, bit 4 "extended LBA": over fabrics metadata travels with the
            // data (nvmet sets it, nvme-rdma refuses PI namespaces without it)
            b[26] = (byte) (format.metadataSize() > 0 ? 0x10 : 0);
            b[29] = (byte) format.piType().ordinal();
            LittleEndian.put(b, 128, format.metadataSize(), 2);
            b[130] = (byte) Integer.numberOfTrailingZeros(format.blockSize());
            return b;
        }

        public static Namespace decode(byte[] b) {
            PiType[] types = PiType.values();
            int dps = b[29] & 0x7;
            if (dps >= types.length) {
                throw new IllegalArgumentException("Identify Namespace: unknown protection type " + dps);
            }
            int metadata = (int) LittleEndian.get(b, 128, 2);
            int blockSize = 1 << (b[130] & 0xFF);
            return new Namespace(LittleEndian.get(b, 0, 8), new BlockFormat(blockSize, metadata, types[dps]));
        }
    }
}
