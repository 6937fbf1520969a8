package org.hcasim.ulp.srp.iu;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * An SRP indirect data buffer descriptor ({@code struct srp_indirect_buf}): a direct descriptor of the whole
 * descriptor table (where it lies in the initiator's memory, for a target that must fetch it), the total length
 * of the data, then the part of the table carried in the command (the "partial memory descriptor list"); 20 +
 * 16 x n bytes. ib_srp puts the whole table in the command when it fits (it always does up to cmd_sg_entries).
 *
 * @param table       the descriptor of the table: address and key of the table in the initiator's memory, its
 *                    length 16 x descriptors
 * @param totalLength bytes of data all descriptors describe
 * @param descriptors the descriptors carried in the command
 */
public record IndirectTable(DataDescriptor table, int totalLength, List<DataDescriptor> descriptors) {
    public static final int HEADER_BYTES = DataDescriptor.BYTES + 4;

    public IndirectTable {
        descriptors = List.copyOf(descriptors);
        if (descriptors.isEmpty()) {
            throw new IllegalArgumentException("an indirect descriptor table has at least one descriptor");
        }
        long sum = 0;
        for (DataDescriptor d : descriptors) {
            sum += d.length();
        }
        if (sum != Integer.toUnsignedLong(totalLength)) {
            throw new IllegalArgumentException("indirect table: descriptors add up to " + sum + " bytes, total length says "
                    + Integer.toUnsignedLong(totalLength));
        }
    }

    public int bytes() {
        return HEADER_BYTES + DataDescriptor.BYTES * descriptors.size();
    }

    public void encode(ByteBuffer b) {
        table.encode(b);
        b.putInt(totalLength);
        for (DataDescriptor d : descriptors) {
            d.encode(b);
        }
    }

    /** Decodes a table whose partial list holds {@code count} descriptors (the command's descriptor count). */
    public static IndirectTable decode(ByteBuffer b, int count) {
        DataDescriptor table = DataDescriptor.decode(b);
        int total = b.getInt();
        DataDescriptor[] ds = new DataDescriptor[count];
        for (int i = 0; i < count; i++) {
            ds[i] = DataDescriptor.decode(b);
        }
        return new IndirectTable(table, total, List.of(ds));
    }
}
