package org.hcasim.fio;

import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.PiControl;
import org.hcasim.block.T10Dif;
import org.hcasim.host.HostMemory;

/** fio's software T10-PI with {@code pi_act=0}: tuples generated for writes and checked on reads. */
final class HostPi {
    private HostPi() {
    }

    /** Writes the tuples of {@code length} bytes of {@code data} at {@code offset} into the metadata buffer. */
    static void generate(byte[] data, int length, long offset, BlockFormat format, int appTag, HostMemory memory, long metadataIova) {
        int bs = format.blockSize();
        int blocks = length / bs;
        byte[] pi = new byte[blocks * BlockFormat.PI_TUPLE_BYTES];
        long lba = offset / bs;
        for (int i = 0; i < blocks; i++) {
            T10Dif.generate(data, i * bs, bs, format.piType(), lba + i, appTag, pi, i * BlockFormat.PI_TUPLE_BYTES);
        }
        memory.write(metadataIova, pi, 0, pi.length);
    }

    /** The first bad block's failure, or null when every tuple checks out. */
    static BlockCompletion check(byte[] data, int length, long offset, BlockFormat format, PiControl control, HostMemory memory,
                                 long metadataIova) {
        int bs = format.blockSize();
        int blocks = length / bs;
        byte[] pi = new byte[blocks * BlockFormat.PI_TUPLE_BYTES];
        memory.read(metadataIova, pi, 0, pi.length);
        long lba = offset / bs;
        for (int i = 0; i < blocks; i++) {
            BlockCompletion c = T10Dif.check(data, i * bs, bs, format.piType(), lba + i, control, pi, i * BlockFormat.PI_TUPLE_BYTES);
            if (!c.ok()) return c;
        }
        return null;
    }
}
