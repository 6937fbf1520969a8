package org.hcasim.ulp.iser.scsi;

import org.hcasim.ulp.iser.pdu.BigEndian;

/**
 * The SCSI commands (CDBs) the initiator sends and the target serves, as 16 bytes for the iSCSI BHS (shorter CDBs
 * zero-padded): READ(16) / WRITE(16) with RDPROTECT / WRPROTECT (SBC-3), SYNCHRONIZE CACHE(10), INQUIRY and READ
 * CAPACITY(16) (SPC-4, SBC-3). Anything else decodes as {@link Unsupported}, which the target answers with INVALID COMMAND OPERATION
 * CODE.
 */
public sealed interface Cdb {
    int READ_16 = 0x88;
    int WRITE_16 = 0x8A;
    int INQUIRY = 0x12;
    int SYNCHRONIZE_CACHE_10 = 0x35;
    /** SERVICE ACTION IN(16); service action 0x10 is READ CAPACITY(16). */
    int SERVICE_ACTION_IN_16 = 0x9E;
    int SA_READ_CAPACITY_16 = 0x10;

    /** The 16 bytes of the CDB field. */
    byte[] encode();

    /**
     * READ(16) (0x88) or WRITE(16) (0x8A): byte 1 bits 7-5 RDPROTECT/WRPROTECT, bit 4 DPO, bit 3 FUA; bytes 2-9 the
     * LBA, 10-13 the transfer length in logical blocks, 14 the group number, 15 control.
     *
     * @param protect the RDPROTECT / WRPROTECT field, 0-7 (Linux sets 1 when the LUN has PI and the host does DIF)
     */
    record ReadWrite16(boolean write, int protect, boolean dpo, boolean fua, long lba, int blocks) implements Cdb {
        public ReadWrite16 {
            if ((protect & ~7) != 0 || blocks < 0) {
                throw new IllegalArgumentException("READ/WRITE(16): protect field 0..7, block count >= 0");
            }
        }

        @Override
        public byte[] encode() {
            byte[] b = new byte[16];
            b[0] = (byte) (write ? WRITE_16 : READ_16);
            b[1] = (byte) (protect << 5 | (dpo ? 0x10 : 0) | (fua ? 0x08 : 0));
            BigEndian.put64(b, 2, lba);
            BigEndian.put32(b, 10, blocks);
            return b;
        }
    }

    /**
     * SYNCHRONIZE CACHE(10) (0x35): bytes 2-5 the first LBA, 7-8 the number of blocks, 0 = to the end of the medium
     * (what sd sends for a flush: the whole cache).
     */
    record SynchronizeCache10(long lba, int blocks) implements Cdb {
        public SynchronizeCache10 {
            if (lba < 0 || lba > 0xFFFF_FFFFL || (blocks & ~0xFFFF) != 0) {
                throw new IllegalArgumentException("SYNCHRONIZE CACHE(10): 32-bit LBA, 16-bit block count");
            }
        }

        @Override
        public byte[] encode() {
            byte[] b = new byte[16];
            b[0] = (byte) SYNCHRONIZE_CACHE_10;
            BigEndian.put32(b, 2, (int) lba);
            BigEndian.put16(b, 7, blocks);
            return b;
        }
    }

    /** INQUIRY (0x12): byte 1 bit 0 EVPD, byte 2 page code, bytes 3-4 allocation length. */
    record Inquiry(boolean evpd, int pageCode, int allocationLength) implements Cdb {
        public Inquiry {
            if ((pageCode & ~0xFF) != 0 || (allocationLength & ~0xFFFF) != 0) {
                throw new IllegalArgumentException("INQUIRY: page code 8 bits, allocation length 16 bits");
            }
        }

        @Override
        public byte[] encode() {
            byte[] b = new byte[16];
            b[0] = (byte) INQUIRY;
            b[1] = (byte) (evpd ? 1 : 0);
            b[2] = (byte) pageCode;
            BigEndian.put16(b, 3, allocationLength);
            return b;
        }
    }

    /** READ CAPACITY(16): SERVICE ACTION IN(16) with service action 0x10, allocation length in bytes 10-13. */
    record ReadCapacity16(int allocationLength) implements Cdb {
        @Override
        public byte[] encode() {
            byte[] b = new byte[16];
            b[0] = (byte) SERVICE_ACTION_IN_16;
            b[1] = (byte) SA_READ_CAPACITY_16;
            BigEndian.put32(b, 10, allocationLength);
            return b;
        }
    }

    /** A command this model does not implement (opcode and, for SERVICE ACTION IN, the service action). */
    record Unsupported(int opcode, int serviceAction) implements Cdb {
        @Override
        public byte[] encode() {
            byte[] b = new byte[16];
            b[0] = (byte) opcode;
            b[1] = (byte) serviceAction;
            return b;
        }
    }

    /** Decodes the CDB field of a SCSI command. */
    static Cdb decode(byte[] b) {
        if (b.length != 16) {
            throw new IllegalArgumentException("a CDB field has 16 bytes, not " + b.length);
        }
        int op = b[0] & 0xFF;
        return switch (op) {
            case READ_16, WRITE_16 -> new ReadWrite16(op == WRITE_16, (b[1] & 0xFF) >>> 5, (b[1] & 0x10) != 0,
                    (b[1] & 0x08) != 0, BigEndian.get64(b, 2), BigEndian.get32(b, 10));
            case SYNCHRONIZE_CACHE_10 -> new SynchronizeCache10(BigEndian.get32(b, 2) & 0xFFFF_FFFFL, BigEndian.get16(b, 7));
            case INQUIRY -> new Inquiry((b[1] & 1) != 0, b[2] & 0xFF, BigEndian.get16(b, 3));
            case SERVICE_ACTION_IN_16 -> (b[1] & 0x1F) == SA_READ_CAPACITY_16
                    ? new ReadCapacity16(BigEndian.get32(b, 10)) : new Unsupported(op, b[1] & 0x1F);
            default -> new Unsupported(op, 0);
        };
    }
}
