package org.hcasim.spi.policy;

import java.util.List;
import java.util.Set;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.ScatterEntry;
import org.hcasim.verbs.SignatureAttributes;
import org.hcasim.verbs.SignatureDomain;

/**
 * The memory of one I/O as a registration policy sees it.
 *
 * @param data      the data's DMA scatter list (at least one element)
 * @param metadata  the protection-information buffer's scatter list; empty when the host keeps no PI in memory
 * @param access    the rights the peer needs (e.g. REMOTE_READ for a write the target fetches)
 * @param signature the integrity registration's signature attributes, or null for an I/O without PI offload
 */
public record IoBuffers(List<ScatterEntry> data, List<ScatterEntry> metadata, Set<AccessFlag> access,
                        SignatureAttributes signature) {
    public IoBuffers {
        data = List.copyOf(data);
        metadata = List.copyOf(metadata);
        access = Set.copyOf(access);
        if (data.isEmpty()) {
            throw new IllegalArgumentException("an I/O to register has at least one data element");
        }
        if (signature == null && !metadata.isEmpty()) {
            throw new IllegalArgumentException("metadata buffers without signature attributes");
        }
    }

    /** Plain data, no PI. */
    public static IoBuffers of(List<ScatterEntry> data, Set<AccessFlag> access) {
        return new IoBuffers(data, List.of(), access, null);
    }

    /** Whether the I/O needs an integrity MR. */
    public boolean integrity() {
        return signature != null;
    }

    /**
     * Bytes the peer sees through the key: the data, plus an 8-byte tuple per protection interval when the
     * signature's wire domain carries T10-DIF (the integrity MR's wire view).
     */
    public long wireLength() {
        long data = dataLength();
        if (signature != null && signature.wire() instanceof SignatureDomain.T10Dif w) {
            return data + data / w.piInterval() * T10_TUPLE_BYTES;
        }
        return data;
    }

    /** Bytes of one T10-DIF tuple (guard, application tag, reference tag). */
    public static final int T10_TUPLE_BYTES = 8;

    /** Bytes of data. */
    public long dataLength() {
        long n = 0;
        for (ScatterEntry e : data) {
            n += e.length();
        }
        return n;
    }
}
