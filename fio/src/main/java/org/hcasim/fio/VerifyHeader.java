package org.hcasim.fio;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Field access to the verify header written by {@link VerifyCodec}. */
final class VerifyHeader {
    private VerifyHeader() {
    }

    static long seed(byte[] block) {
        return ByteBuffer.wrap(block).order(ByteOrder.LITTLE_ENDIAN).getLong(8);
    }
}
