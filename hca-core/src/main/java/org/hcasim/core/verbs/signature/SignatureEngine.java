package org.hcasim.core.verbs.signature;

import org.hcasim.block.T10Dif;
import org.hcasim.core.verbs.translation.SgMapping;
import org.hcasim.host.HostMemory;
import org.hcasim.verbs.SignatureAttributes;
import org.hcasim.verbs.SignatureDomain;
import org.hcasim.verbs.SignatureError;
import org.hcasim.verbs.SignatureErrorType;
import org.hcasim.verbs.T10DifGuard;

/**
 * The HCA signature engine for accesses through an integrity mkey (docs/mechanisms.md section 3). The key's
 * address space is the <em>wire view</em>: the data, with an 8-byte T10-DIF tuple after every protection
 * interval when the wire domain carries PI. Reading through the key builds that view from memory (checking
 * memory PI, then forwarding it (PASS, converting the guard when the domains' guard types differ), generating it
 * (INSERT) or dropping it (STRIP)); writing through the
 * key splits it back into data and metadata with the mirror-image checks. Errors are recorded on the MR,
 * where the ULP collects them with checkSignatureStatus; the transfer itself completes.
 */
public final class SignatureEngine {
    public static final int TUPLE_BYTES = 8;

    private SignatureEngine() {
    }

    private static int intervals(IntegrityKey k) {
        return intervals(k.mapping(), k.signature());
    }

    public static int intervals(SgMapping mapping, SignatureAttributes sig) {
        int interval = sig.piInterval();
        return interval == 0 ? 0 : (int) (mapping.dataLength() / interval);
    }

    /** Length of the wire view. */
    public static long wireLength(IntegrityKey k) {
        return wireLength(k.mapping(), k.signature());
    }

    public static long wireLength(SgMapping mapping, SignatureAttributes sig) {
        boolean wirePi = sig.wire() instanceof SignatureDomain.T10Dif;
        return mapping.dataLength() + (wirePi ? (long) intervals(mapping, sig) * TUPLE_BYTES : 0);
    }

    /** Why this mapping cannot carry these signature attributes, or null when it can. */
    public static String incompatibility(SgMapping mapping, SignatureAttributes sig) {
        int interval = sig.piInterval();
        if (interval == 0) {
            return null;
        }
        if (mapping.dataLength() % interval != 0) {
            return "data length " + mapping.dataLength() + " is not a multiple of the " + interval + "-byte interval";
        }
        for (SignatureDomain d : new SignatureDomain[] {sig.memory(), sig.wire()}) {
            if (d instanceof SignatureDomain.T10Dif t && t.guard() == T10DifGuard.CRC && t.bgSeed() != 0) {
                return "CRC guard seed " + t.bgSeed() + " is not supported (T10 CRC starts at 0)";
            }
        }
        long tuples = (long) intervals(mapping, sig) * TUPLE_BYTES;
        if (sig.memory() instanceof SignatureDomain.T10Dif && mapping.metaLength() < tuples) {
            return "metadata " + mapping.metaLength() + " bytes, memory domain needs " + tuples;
        }
        return null;
    }

    /** Region address of data byte {@code offset} (the mapping places data at the start of the region). */
    private static long dataAddress(IntegrityKey k, long offset) {
        return k.mapping().iova() + offset;
    }

    private static byte[] readData(IntegrityKey k, HostMemory memory) {
        byte[] data = new byte[(int) k.mapping().dataLength()];
        k.mapping().translation().forEachPiece(dataAddress(k, 0), data.length,
                (host, len, off) -> memory.read(host, data, (int) off, (int) len));
        return data;
    }

    private static void writeData(IntegrityKey k, HostMemory memory, byte[] data) {
        k.mapping().translation().forEachPiece(dataAddress(k, 0), data.length,
                (host, len, off) -> memory.write(host, data, (int) off, (int) len));
    }

    private static byte[] readMeta(IntegrityKey k, HostMemory memory) {
        byte[] meta = new byte[(int) k.mapping().metaLength()];
        if (meta.length == 0) {
            return meta;
        }
        if (k.mapping().piMapping() == org.hcasim.verbs.PiMapping.PHYSICAL) {
            memory.read(k.mapping().piIova(), meta, 0, meta.length);
        } else {
            k.mapping().translation().forEachPiece(k.mapping().piIova(), meta.length,
                    (host, len, off) -> memory.read(host, meta, (int) off, (int) len));
        }
        return meta;
    }

    private static void writeMeta(IntegrityKey k, HostMemory memory, byte[] meta) {
        if (meta.length == 0) {
            return;
        }
        if (k.mapping().piMapping() == org.hcasim.verbs.PiMapping.PHYSICAL) {
            memory.write(k.mapping().piIova(), meta, 0, meta.length);
        } else {
            k.mapping().translation().forEachPiece(k.mapping().piIova(), meta.length,
                    (host, len, off) -> memory.write(host, meta, (int) off, (int) len));
        }
    }

    /** Reads {@code length} bytes of the wire view starting at region address {@code address}. */
    public static byte[] read(IntegrityKey k, HostMemory memory, long address, int length) {
        byte[] wire = buildWire(k, memory, true);
        byte[] out = new byte[length];
        System.arraycopy(wire, (int) (address - k.mapping().iova()), out, 0, length);
        return out;
    }

    /** Writes {@code length} bytes of {@code src} into the wire view at region address {@code address}. */
    public static void write(IntegrityKey k, HostMemory memory, long address, byte[] src, int from, int length) {
        byte[] wire = buildWire(k, memory, false);
        System.arraycopy(src, from, wire, (int) (address - k.mapping().iova()), length);
        storeWire(k, memory, wire);
    }

    private static byte[] buildWire(IntegrityKey k, HostMemory memory, boolean check) {
        SignatureAttributes sig = k.signature();
        byte[] data = readData(k, memory);
        byte[] meta = readMeta(k, memory);
        int n = intervals(k);
        int interval = sig.piInterval();
        boolean memPi = sig.memory() instanceof SignatureDomain.T10Dif;
        boolean wirePi = sig.wire() instanceof SignatureDomain.T10Dif;
        if (!wirePi) {
            if (check && memPi) {
                for (int i = 0; i < n; i++) {
                    verify(k, (SignatureDomain.T10Dif) sig.memory(), sig.checkMask(), data, i, meta, i * TUPLE_BYTES);
                }
            }
            return data; // STRIP (or no PI at all)
        }
        byte[] wire = new byte[(int) wireLength(k)];
        for (int i = 0; i < n; i++) {
            int w = i * (interval + TUPLE_BYTES);
            System.arraycopy(data, i * interval, wire, w, interval);
            if (memPi) {
                if (check) {
                    verify(k, (SignatureDomain.T10Dif) sig.memory(), sig.checkMask(), data, i, meta, i * TUPLE_BYTES);
                }
                pass((SignatureDomain.T10Dif) sig.memory(), (SignatureDomain.T10Dif) sig.wire(), data, i, meta,
                        i * TUPLE_BYTES, wire, w + interval);
            } else {
                generate((SignatureDomain.T10Dif) sig.wire(), data, i, interval, wire, w + interval); // INSERT
            }
        }
        return wire;
    }

    private static void storeWire(IntegrityKey k, HostMemory memory, byte[] wire) {
        SignatureAttributes sig = k.signature();
        int n = intervals(k);
        int interval = sig.piInterval();
        boolean memPi = sig.memory() instanceof SignatureDomain.T10Dif;
        boolean wirePi = sig.wire() instanceof SignatureDomain.T10Dif;
        byte[] data = new byte[(int) k.mapping().dataLength()];
        byte[] meta = new byte[(int) k.mapping().metaLength()];
        for (int i = 0; i < n; i++) {
            int w = wirePi ? i * (interval + TUPLE_BYTES) : i * interval;
            System.arraycopy(wire, w, data, i * interval, interval);
            if (wirePi) {
                verify(k, (SignatureDomain.T10Dif) sig.wire(), sig.checkMask(), data, i, wire, w + interval);
                if (memPi) {
                    pass((SignatureDomain.T10Dif) sig.wire(), (SignatureDomain.T10Dif) sig.memory(), data, i, wire,
                            w + interval, meta, i * TUPLE_BYTES);
                }
            } else if (memPi) {
                generate((SignatureDomain.T10Dif) sig.memory(), data, i, interval, meta, i * TUPLE_BYTES); // INSERT
            }
        }
        writeData(k, memory, data);
        if (memPi) {
            writeMeta(k, memory, meta);
        }
    }

    public static int guard(SignatureDomain.T10Dif d, byte[] data, int offset, int length) {
        return d.guard() == T10DifGuard.CRC ? T10Dif.crc16(data, offset, length) : T10Dif.ipChecksum(data, offset, length);
    }

    /**
     * PASS from one domain to the other: the tuple travels as it is, except that its guard is recomputed when the
     * two domains use different guard types (Linux keeps the IP checksum in memory for iSER, CRC on the wire).
     * An escaped tuple (its check skipped) travels unchanged.
     */
    private static void pass(SignatureDomain.T10Dif from, SignatureDomain.T10Dif to, byte[] data, int index,
                             byte[] src, int srcAt, byte[] dst, int dstAt) {
        System.arraycopy(src, srcAt, dst, dstAt, TUPLE_BYTES);
        if (from.guard() != to.guard() && !escaped(from, src, srcAt)) {
            T10Dif.put16(dst, dstAt, guard(to, data, index * to.piInterval(), to.piInterval()));
        }
    }

    private static boolean escaped(SignatureDomain.T10Dif d, byte[] tuples, int at) {
        int app = T10Dif.get16(tuples, at + 2);
        long ref = T10Dif.get32(tuples, at + 4) & 0xFFFF_FFFFL;
        return d.appEscape() && app == 0xFFFF && (!d.refEscape() || ref == 0xFFFF_FFFFL);
    }

    private static long expectedRef(SignatureDomain.T10Dif d, int index) {
        return (d.refTag() + (d.refRemap() ? index : 0)) & 0xFFFF_FFFFL;
    }

    private static void generate(SignatureDomain.T10Dif d, byte[] data, int index, int interval, byte[] out, int at) {
        T10Dif.put16(out, at, guard(d, data, index * interval, interval));
        T10Dif.put16(out, at + 2, d.appTag());
        T10Dif.put32(out, at + 4, (int) expectedRef(d, index));
    }

    private static void verify(IntegrityKey k, SignatureDomain.T10Dif d, int checkMask, byte[] data, int index,
                               byte[] tuples, int at) {
        int interval = d.piInterval();
        int app = T10Dif.get16(tuples, at + 2);
        long ref = T10Dif.get32(tuples, at + 4) & 0xFFFF_FFFFL;
        if (escaped(d, tuples, at)) {
            return; // escaped interval: not checked
        }
        long offset = (long) index * interval;
        int guard = T10Dif.get16(tuples, at);
        if ((checkMask & SignatureAttributes.CHECK_GUARD) != 0) {
            int expected = guard(d, data, index * interval, interval);
            if (expected != guard) {
                record(k, new SignatureError(SignatureErrorType.GUARD, expected, guard, offset, k.key()));
                return;
            }
        }
        if ((checkMask & SignatureAttributes.CHECK_APP_TAG) != 0
                && (app & d.appTagCheckMask()) != (d.appTag() & d.appTagCheckMask())) {
            record(k, new SignatureError(SignatureErrorType.APP_TAG, d.appTag(), app, offset, k.key()));
            return;
        }
        if ((checkMask & SignatureAttributes.CHECK_REF_TAG) != 0 && ref != expectedRef(d, index)) {
            record(k, new SignatureError(SignatureErrorType.REF_TAG, expectedRef(d, index), ref, offset, k.key()));
        }
    }

    private static void record(IntegrityKey k, SignatureError error) {
        k.signatureError(error);
    }
}
