package org.hcasim.core.verbs.mkey;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hcasim.core.verbs.signature.SignatureEngine;
import org.hcasim.core.verbs.translation.SgMapping;
import org.hcasim.core.verbs.translation.Translation;
import org.hcasim.host.HostMemory;
import org.hcasim.host.MemoryAccessException;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.VerbsException;

/**
 * All mkeys of a device and the one place where accesses through keys are checked and carried out.
 * Key = index (24 bits) << 8 | variant (8 bits).
 */
public final class MkeyTable {
    /** Index of the reserved local DMA key (all host memory, local access, any PD). */
    public static final int LOCAL_DMA_INDEX = 1;

    /**
     * Mkeys by index (null = never used or destroyed). Indices are handed out in order and never reused, so
     * an array indexed directly is the cheapest lookup on the data path; it is bounded by the 24-bit key space.
     */
    private Mkey[] byIndex = new Mkey[64];
    private int liveKeys;
    private final Map<ProtectionDomain, Mkey> globalKeys = new HashMap<>();
    private final int maxMr;
    private final HostMemory memory;
    private final PayloadBuffers buffers;
    private int nextIndex = LOCAL_DMA_INDEX + 1;
    private final Mkey localDma;
    private final Translation.PieceVisitor checkPiece;

    public MkeyTable(int maxMr, HostMemory memory, PayloadBuffers buffers) {
        this.maxMr = maxMr;
        this.memory = memory;
        this.buffers = buffers;
        this.checkPiece = (h, len, off) -> memory.check(h, len);
        this.localDma = new Mkey(LOCAL_DMA_INDEX, null, MrType.USER);
        localDma.load(SgMapping.plain(0, 0, Translation.IDENTITY, 0, false), 4096, 0, Set.of(AccessFlag.LOCAL_WRITE), null);
        put(localDma);
    }

    public int localDmaKey() {
        return localDma.key();
    }

    /** The PD's unsafe global rkey: all host memory, local and remote read/write, usable only by QPs of the PD. */
    public int unsafeGlobalKey(ProtectionDomain pd) {
        Mkey k = globalKeys.get(pd);
        if (k == null) {
            k = new Mkey(nextIndex++, pd, MrType.USER);
            k.load(SgMapping.plain(0, 0, Translation.IDENTITY, 0, false), 4096, 0,
                    Set.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_READ, AccessFlag.REMOTE_WRITE), null);
            put(k);
            globalKeys.put(pd, k);
        }
        return k.key();
    }

    public int liveCount() {
        return liveKeys - 1 - globalKeys.size();
    }

    public Mkey create(ProtectionDomain pd, MrType type) {
        if (liveCount() >= maxMr) {
            throw new org.hcasim.verbs.DeviceLimitException(Errno.ENOMEM, "device has its maximum of " + maxMr
                    + " memory regions", "hca.verbs.max-mr");
        }
        Mkey k = new Mkey(nextIndex++, pd, type);
        put(k);
        return k;
    }

    public void destroy(Mkey k) {
        k.destroy();
        if (byIndex[k.index()] == k) {
            byIndex[k.index()] = null;
            liveKeys--;
        }
    }

    private void put(Mkey k) {
        if (k.index() >= byIndex.length) {
            byIndex = Arrays.copyOf(byIndex, Math.max(byIndex.length * 2, k.index() + 1));
        }
        byIndex[k.index()] = k;
        liveKeys++;
    }

    /** The key's mkey if index and variant match, else null. */
    public Mkey find(int key) {
        int index = key >>> 8;
        Mkey k = index < byIndex.length ? byIndex[index] : null;
        return k != null && k.variant() == (key & 0xFF) ? k : null;
    }

    /**
     * Checks an access of {@code [address, +length)} through {@code key} for QPs of {@code pd}.
     * {@code needed} are the rights of the region that the access requires, as {@link AccessBits}
     * ({@link AccessBits#NONE} for a local read).
     */
    public KeyCheck check(int key, ProtectionDomain pd, long address, long length, int needed) {
        Mkey k = find(key);
        if (k == null) {
            return KeyCheck.BAD_KEY;
        }
        if (!k.valid()) {
            return KeyCheck.NOT_VALID;
        }
        if (k.pd() != null && k.pd() != pd) {
            return KeyCheck.WRONG_PD;
        }
        if (!k.covers(address, length)) {
            return KeyCheck.OUT_OF_BOUNDS;
        }
        if ((k.accessBits() & needed) != needed) {
            return KeyCheck.NO_ACCESS;
        }
        if (k.signature() != null) {
            return KeyCheck.OK; // data and metadata were checked when the integrity MR was mapped
        }
        try {
            Translation t = k.translation();
            long host = length > 0 ? t.singlePiece(address, length) : Translation.SPLIT;
            if (host != Translation.SPLIT) {
                memory.check(host, length);
            } else {
                t.forEachPiece(address, length, checkPiece);
            }
        } catch (MemoryAccessException e) {
            return KeyCheck.NO_MEMORY;
        }
        return KeyCheck.OK;
    }

    /**
     * Reads {@code length} bytes through a checked key into a buffer of the {@link PayloadBuffers} (its first
     * {@code length} bytes count); returns null in elided payload mode when no byte of the range is stored
     * (elided payload memory, or an integrity key), so that bulk data is never copied.
     */
    public byte[] read(int key, long address, int length) {
        Mkey k = find(key);
        if (!memory.payloadReal() && (k.signature() != null || !storesAny(k, address, length))) {
            return null;
        }
        if (k.signature() != null) {
            return SignatureEngine.read(k, memory, address, length);
        }
        byte[] out = buffers.take(length);
        Translation t = k.translation();
        long host = length > 0 ? t.singlePiece(address, length) : Translation.SPLIT;
        if (host != Translation.SPLIT) {
            memory.read(host, out, 0, length);
        } else {
            t.forEachPiece(address, length, (h, len, off) -> memory.read(h, out, (int) off, (int) len));
        }
        return out;
    }

    private boolean storesAny(Mkey k, long address, int length) {
        if (length == 0) {
            return false;
        }
        long host = k.translation().singlePiece(address, length);
        if (host != Translation.SPLIT) {
            return memory.storesBytes(host); // one piece: no capturing lambda and flag array per read
        }
        boolean[] any = {false};
        k.translation().forEachPiece(address, length, (h, len, off) -> any[0] |= memory.storesBytes(h));
        return any[0];
    }

    /**
     * Flips bit {@code bit} of the {@code length} bytes behind a checked key at {@code address}, in host memory (a
     * fault injected as the HCA reads them): through an integrity key, a bit of the data the key maps.
     */
    public void flipBit(int key, long address, long length, long bit) {
        Mkey k = find(key);
        long at = bit / 8;
        byte mask = (byte) (1 << (bit % 8));
        long start = address;
        long span = length;
        if (k.signature() != null) {
            span = k.mapping().dataLength();
            start = k.mapping().iova();
            at %= span;
        }
        long target = at;
        k.translation().forEachPiece(start, span, (h, len, off) -> {
            if (target >= off && target < off + len) {
                byte[] b = new byte[1];
                memory.read(h + target - off, b, 0, 1);
                b[0] ^= mask;
                memory.write(h + target - off, b, 0, 1);
            }
        });
    }

    /** Writes {@code data[from, from+length)} through a checked key (no-op for null data). */
    public void write(int key, long address, byte[] data, int from, int length) {
        if (data == null || length == 0) {
            return;
        }
        Mkey k = find(key);
        if (k.signature() != null) {
            SignatureEngine.write(k, memory, address, data, from, length);
            return;
        }
        Translation t = k.translation();
        long host = t.singlePiece(address, length);
        if (host != Translation.SPLIT) {
            memory.write(host, data, from, length);
        } else {
            t.forEachPiece(address, length, (h, len, off) -> memory.write(h, data, (int) (from + off), (int) len));
        }
    }

    /**
     * The bytes of a gather list whose keys were checked, in a buffer of the {@link PayloadBuffers}, or null when
     * none is stored (all elided payload): bulk data is not copied.
     */
    public byte[] gather(List<Sge> sgl, long length) {
        if (sgl.size() == 1 && sgl.get(0).length() == length) {
            Sge only = sgl.get(0);
            return read(only.lkey(), only.address(), only.length()); // already a buffer: no second copy
        }
        byte[][] parts = new byte[sgl.size()][];
        boolean any = false;
        for (int i = 0; i < parts.length; i++) {
            Sge s = sgl.get(i);
            parts[i] = read(s.lkey(), s.address(), s.length());
            any |= parts[i] != null;
        }
        if (!any) {
            return null;
        }
        byte[] out = buffers.take((int) length);
        int at = 0;
        for (int i = 0; i < parts.length; i++) {
            int n = sgl.get(i).length();
            if (parts[i] != null) {
                System.arraycopy(parts[i], 0, out, at, n);
                buffers.give(parts[i]);
            } else {
                java.util.Arrays.fill(out, at, at + n, (byte) 0); // an elided part reads as zeros
            }
            at += n;
        }
        return out;
    }

    /** Writes {@code length} bytes of {@code data} across a scatter list whose keys were checked. */
    public void scatter(List<Sge> sgl, byte[] data, long length) {
        long at = 0;
        for (Sge s : sgl) {
            if (at >= length) {
                break;
            }
            int n = (int) Math.min(s.length(), length - at);
            write(s.lkey(), s.address(), data, (int) at, n);
            at += n;
        }
    }

    public int pageSizeOf(int key) {
        Mkey k = find(key);
        return k == null ? 4096 : k.pageSize();
    }

    /** A key that addresses host memory directly (no translation entries): local DMA or unsafe global key. */
    public boolean isPhysical(int key) {
        Mkey k = find(key);
        return k != null && k.translation() == Translation.IDENTITY;
    }

    public boolean isKlm(int key) {
        Mkey k = find(key);
        return k != null && k.mapping() != null && k.mapping().klm();
    }
}
