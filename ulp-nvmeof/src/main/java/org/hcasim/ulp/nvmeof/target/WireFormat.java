package org.hcasim.ulp.nvmeof.target;

import org.hcasim.block.BlockFormat;
import org.hcasim.host.HostMemory;

/**
 * The layout of a PI transfer on the wire, as an HCA signature engine with a T10-DIF wire domain produces
 * and expects it: every block of data followed by its 8-byte tuple. nvmet-rdma lets its own HCA split and
 * merge this image (an integrity MR with memory and wire domain T10-DIF); this model does the same byte
 * shuffle in the target's memory, without the target-side registration (see docs/nvmeof.md). Nothing is
 * moved when host memory does not keep payload bytes.
 */
record WireFormat(int blockSize, int blocks) {

    static WireFormat interleaved(BlockFormat format, int blocks) {
        return new WireFormat(format.blockSize(), blocks);
    }

    private int stride() {
        return blockSize + BlockFormat.PI_TUPLE_BYTES;
    }

    long wireBytes() {
        return (long) blocks * stride();
    }

    int metadataBytes() {
        return blocks * BlockFormat.PI_TUPLE_BYTES;
    }

    /** Separates the wire image at {@code wire} into data blocks and tuples. */
    void split(HostMemory memory, long wire, long data, long meta) {
        if (!memory.payloadReal()) {
            return;
        }
        byte[] w = new byte[(int) wireBytes()];
        memory.read(wire, w, 0, w.length);
        byte[] d = new byte[blocks * blockSize];
        byte[] m = new byte[metadataBytes()];
        for (int i = 0; i < blocks; i++) {
            System.arraycopy(w, i * stride(), d, i * blockSize, blockSize);
            System.arraycopy(w, i * stride() + blockSize, m, i * BlockFormat.PI_TUPLE_BYTES, BlockFormat.PI_TUPLE_BYTES);
        }
        memory.write(data, d, 0, d.length);
        memory.write(meta, m, 0, m.length);
    }

    /** Builds the wire image at {@code wire} from data blocks and tuples. */
    void interleave(HostMemory memory, long data, long meta, long wire) {
        if (!memory.payloadReal()) {
            return;
        }
        byte[] d = new byte[blocks * blockSize];
        byte[] m = new byte[metadataBytes()];
        memory.read(data, d, 0, d.length);
        memory.read(meta, m, 0, m.length);
        byte[] w = new byte[(int) wireBytes()];
        for (int i = 0; i < blocks; i++) {
            System.arraycopy(d, i * blockSize, w, i * stride(), blockSize);
            System.arraycopy(m, i * BlockFormat.PI_TUPLE_BYTES, w, i * stride() + blockSize, BlockFormat.PI_TUPLE_BYTES);
        }
        memory.write(wire, w, 0, w.length);
    }
}
