package org.hcasim.core.verbs;

import org.hcasim.core.verbs.mkey.Mkey;
import org.hcasim.core.verbs.signature.SignatureEngine;
import org.hcasim.core.verbs.translation.SgMapping;
import org.hcasim.verbs.PiMapping;
import org.hcasim.verbs.SignatureAttributes;
import org.hcasim.verbs.SignatureDomain;

/**
 * What one access through an integrity key asks of the HCA's signature engine: how many protection intervals of
 * the key's wire view it touches, how many pieces of host memory each interval is made of (its data, and its
 * tuple when memory holds PI), how those pieces' addresses are found (the key's mapping) and which translation
 * entries the access needs. Derived from the key as the REG_INTEGRITY_MR left it.
 *
 * @param intervals   protection intervals of the wire view the access touches
 * @param pieces      pieces of host memory per interval: 1 (data) or 2 (data and its tuple)
 * @param mapping     PHYSICAL (addresses by arithmetic), MTT (a page lookup per piece) or KLM (an entry lookup and
 *                    the dependent lookup of the entry's underlying mkey per piece)
 * @param entries     translation entries of the key (pages or KLM entries; 0 when physical)
 * @param readsMemory true for a gather (the HCA reads memory through the key), false for a scatter
 */
record IntegrityAccess(int intervals, int pieces, PiMapping mapping, int entries, boolean readsMemory) {

    /** The access of {@code [address, address+length)} of the wire view of {@code k}, or null when {@code k} carries no PI. */
    static IntegrityAccess of(Mkey k, long address, long length, boolean readsMemory) {
        SignatureAttributes sig = k.signature();
        SgMapping m = k.mapping();
        if (sig == null || m == null || sig.piInterval() == 0 || length <= 0) {
            return null;
        }
        int interval = sig.piInterval();
        long wireInterval = interval + (sig.wire() instanceof SignatureDomain.T10Dif ? SignatureEngine.TUPLE_BYTES : 0);
        long offset = address - m.iova();
        long first = offset / wireInterval;
        long last = (offset + length - 1) / wireInterval;
        int pieces = sig.memory() instanceof SignatureDomain.T10Dif ? 2 : 1;
        PiMapping mapping = m.piMapping();
        int entries = mapping == PiMapping.PHYSICAL ? 0 : m.descriptors();
        return new IntegrityAccess((int) (last - first + 1), pieces, mapping, entries, readsMemory);
    }

    /** Bytes of one translation entry: 16 for KLM, 8 for MTT. */
    int entryBytes() {
        return mapping == PiMapping.KLM ? 16 : 8;
    }

    /** Translation-cache lookups per interval (one per piece, none for a physically mapped key). */
    int lookupsPerInterval() {
        return mapping == PiMapping.PHYSICAL ? 0 : pieces;
    }

    /** Dependent lookups of a KLM entry's underlying mkey per interval (one per piece through a KLM key). */
    int indirectionsPerInterval() {
        return mapping == PiMapping.KLM ? pieces : 0;
    }
}
