package org.hcasim.ulp.nvmeof.capsule;

import java.util.Arrays;

/**
 * A 64-byte NVMe submission queue entry as it travels in a command capsule. Layout (little-endian):
 * opcode (0), flags (1; PSDT bits 7:6 = 01b "SGL, metadata buffer"), command id (2-3), nsid (4-7) or, for
 * fabrics commands, fctype (4), metadata pointer (16-23), DPTR = one SGL descriptor (24-39), command
 * dwords 10-15 (40-63). Flush (opcode 0) names only the namespace. I/O commands: starting LBA (40-47), 0-based block count (48-49). Connect: record
 * format (40-41), queue id (42-43), SQ size (44-45, 0-based), KATO (48-51). Reads and writes of a namespace
 * with protection information also carry {@link ProtectionInfo} (PRINFO in CDW12, tags in CDW14-15).
 */
public final class NvmeCommand {

    public static final int BYTES = 64;

    /** Admin opcode Identify. */
    public static final int OPC_IDENTIFY = 0x06;
    /** Admin Keep Alive (nvme_admin_keep_alive). */
    public static final int OPC_KEEP_ALIVE = 0x18;
    /** I/O opcodes. */
    public static final int OPC_FLUSH = 0x00;
    public static final int OPC_WRITE = 0x01;
    public static final int OPC_READ = 0x02;
    /** Fabrics command opcode; the command type is in byte 4. */
    public static final int OPC_FABRICS = 0x7F;
    public static final int FCTYPE_CONNECT = 0x01;
    /** PSDT = 01b: data pointer is an SGL, metadata pointer is a single buffer (NVME_CMD_SGL_METABUF). */
    public static final int FLAG_SGL_METABUF = 0x40;
    /** Identify CNS values. */
    public static final int CNS_NAMESPACE = 0x00;
    public static final int CNS_CONTROLLER = 0x01;

    private final byte[] b;

    private NvmeCommand(byte[] bytes) {
        this.b = bytes;
    }

    /** Decodes 64 bytes (copied). */
    public static NvmeCommand decode(byte[] bytes, int at) {
        return new NvmeCommand(Arrays.copyOfRange(bytes, at, at + BYTES));
    }

    /** The command in {@code bytes}, exactly {@link #BYTES} long, which the caller hands over (not copied). */
    public static NvmeCommand adopt(byte[] bytes) {
        if (bytes.length != BYTES) {
            throw new IllegalArgumentException("a command is " + BYTES + " bytes, not " + bytes.length);
        }
        return new NvmeCommand(bytes);
    }

    private static NvmeCommand base(int opcode, int commandId, SglDescriptor dptr) {
        byte[] b = new byte[BYTES];
        b[0] = (byte) opcode;
        b[1] = (byte) FLAG_SGL_METABUF;
        LittleEndian.put(b, 2, commandId, 2);
        dptr.encode(b, 24);
        return new NvmeCommand(b);
    }

    /** Read or write of {@code blocks} blocks at {@code slba}. */
    public static NvmeCommand io(boolean write, int commandId, int nsid, long slba, int blocks, SglDescriptor dptr) {
        if (blocks < 1 || blocks > 0x10000) {
            throw new IllegalArgumentException("an NVMe I/O moves 1..65536 blocks, not " + blocks);
        }
        NvmeCommand c = base(write ? OPC_WRITE : OPC_READ, commandId, dptr);
        LittleEndian.put(c.b, 4, nsid, 4);
        LittleEndian.put(c.b, 40, slba, 8);
        LittleEndian.put(c.b, 48, blocks - 1, 2);
        return c;
    }

    /** Read or write with protection information fields. */
    public static NvmeCommand io(boolean write, int commandId, int nsid, long slba, int blocks, SglDescriptor dptr,
                                 ProtectionInfo protection) {
        NvmeCommand c = io(write, commandId, nsid, slba, blocks, dptr);
        protection.encode(c.b);
        return c;
    }

    /** Flush of namespace {@code nsid}'s volatile write cache: no data, no LBA range. */
    public static NvmeCommand flush(int commandId, int nsid) {
        NvmeCommand c = base(OPC_FLUSH, commandId, SglDescriptor.none());
        LittleEndian.put(c.b, 4, nsid, 4);
        return c;
    }

    /** Identify with {@code cns} (controller or namespace {@code nsid}); 4096 bytes of data to the host. */
    public static NvmeCommand identify(int commandId, int cns, int nsid, SglDescriptor dptr) {
        NvmeCommand c = base(OPC_IDENTIFY, commandId, dptr);
        LittleEndian.put(c.b, 4, nsid, 4);
        LittleEndian.put(c.b, 40, cns, 1);
        return c;
    }

    /** Keep Alive: no data, no fields (nvme_keep_alive_work). */
    public static NvmeCommand keepAlive(int commandId) {
        return base(OPC_KEEP_ALIVE, commandId, SglDescriptor.none());
    }

    /** Fabrics Connect for queue {@code qid} with {@code sqsize} (0-based), 1024 bytes of connect data. */
    public static NvmeCommand connect(int commandId, int qid, int sqsize, int kato, SglDescriptor dptr) {
        NvmeCommand c = base(OPC_FABRICS, commandId, dptr);
        c.b[4] = (byte) FCTYPE_CONNECT;
        LittleEndian.put(c.b, 40, 0, 2);
        LittleEndian.put(c.b, 42, qid, 2);
        LittleEndian.put(c.b, 44, sqsize, 2);
        LittleEndian.put(c.b, 48, kato, 4);
        return c;
    }

    public void encode(byte[] dst, int at) {
        System.arraycopy(b, 0, dst, at, BYTES);
    }

    public byte[] bytes() {
        return b.clone();
    }

    public int opcode() {
        return b[0] & 0xFF;
    }

    public int flags() {
        return b[1] & 0xFF;
    }

    public int commandId() {
        return (int) LittleEndian.get(b, 2, 2);
    }

    public int nsid() {
        return (int) LittleEndian.get(b, 4, 4);
    }

    public boolean isFabrics() {
        return opcode() == OPC_FABRICS;
    }

    public int fctype() {
        return b[4] & 0xFF;
    }

    public SglDescriptor dptr() {
        return SglDescriptor.decode(b, 24);
    }

    public long slba() {
        return LittleEndian.get(b, 40, 8);
    }

    /** Blocks moved (the field is 0-based). */
    public int blocks() {
        return (int) LittleEndian.get(b, 48, 2) + 1;
    }

    /** PRINFO and the tags of a read or write ({@link ProtectionInfo#NONE}-like when unset). */
    public ProtectionInfo protection() {
        return ProtectionInfo.decode(b);
    }

    public int cns() {
        return b[40] & 0xFF;
    }

    public int connectQid() {
        return (int) LittleEndian.get(b, 42, 2);
    }

    /** The Connect command's KATO field, in ms (0: no keep-alive). */
    public long connectKato() {
        return LittleEndian.get(b, 48, 4);
    }

    public int connectSqsize() {
        return (int) LittleEndian.get(b, 44, 2);
    }

    @Override
    public String toString() {
        return String.format("NvmeCommand[opc=0x%02x cid=%d nsid=%d dptr=%s]", opcode(), commandId(), nsid(), dptr());
    }
}
