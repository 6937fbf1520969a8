package org.hcasim.core.verbs;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hcasim.host.HostMemory;
import org.hcasim.host.MemoryAccessException;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.VerbsException;

/**
 * All mkeys of a device and the one place where accesses through keys are checked and carried out.
 * Key = index (24 bits) << 8 | variant (8 bits).
 */
final class MkeyTable {
    /** Index of the reserved local DMA key (all host memory, local access, any PD). */
    static final int LOCAL_DMA_INDEX = 1;

    private final Map<Integer, Mkey> keys = new HashMap<>();
    private final Map<SimProtectionDomain, Mkey> globalKeys = new HashMap<>();
    private final int maxMr;
    private final HostMemory memory;
    private int nextIndex = LOCAL_DMA_INDEX + 1;
    private final Mkey localDma;

    MkeyTable(int maxMr, HostMemory memory) {
        this.maxMr = maxMr;
        this.memory = memory;
        this.localDma = new Mkey(LOCAL_DMA_INDEX, null, MrType.USER);
        localDma.valid = true;
        localDma.access = Set.of(AccessFlag.LOCAL_WRITE);
        localDma.mapping = SgMapping.plain(0, 0, Translation.IDENTITY, 0, false);
        keys.put(LOCAL_DMA_INDEX, localDma);
    }

    int localDmaKey() {
        return localDma.key();
    }

    /** The PD's unsafe global rkey: all host memory, local and remote read/write, usable only by QPs of the PD. */
    int unsafeGlobalKey(SimProtectionDomain pd) {
        Mkey k = globalKeys.get(pd);
        if (k == null) {
            k = new Mkey(nextIndex++, pd, MrType.USER);
            k.valid = true;
            k.access = Set.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_READ, AccessFlag.REMOTE_WRITE);
            k.mapping = SgMapping.plain(0, 0, Translation.IDENTITY, 0, false);
            keys.put(k.index, k);
            globalKeys.put(pd, k);
        }
        return k.key();
    }

    int liveCount() {
        return keys.size() - 1 - globalKeys.size();
    }

    Mkey create(SimProtectionDomain pd, MrType type) {
        if (liveCount() >= maxMr) {
            throw new VerbsException(Errno.ENOMEM, "device has its maximum of " + maxMr + " memory regions");
        }
        Mkey k = new Mkey(nextIndex++, pd, type);
        keys.put(k.index, k);
        return k;
    }

    void destroy(Mkey k) {
        k.valid = false;
        k.destroyed = true;
        keys.remove(k.index);
    }

    /** The key's mkey if index and variant match, else null. */
    Mkey find(int key) {
        Mkey k = keys.get(key >>> 8);
        return k != null && k.variant == (key & 0xFF) ? k : null;
    }

    /**
     * Checks an access of {@code [address, +length)} through {@code key} for QPs of {@code pd}.
     * {@code needed} are the rights of the region that the access requires (empty for a local read).
     */
    KeyCheck check(int key, SimProtectionDomain pd, long address, long length, Set<AccessFlag> needed) {
        Mkey k = find(key);
        if (k == null) {
            return KeyCheck.BAD_KEY;
        }
        if (!k.valid) {
            return KeyCheck.NOT_VALID;
        }
        if (k.pd != null && k.pd != pd) {
            return KeyCheck.WRONG_PD;
        }
        if (!k.covers(address, length)) {
            return KeyCheck.OUT_OF_BOUNDS;
        }
        if (!k.access.containsAll(needed)) {
            return KeyCheck.NO_ACCESS;
        }
        if (k.signature != null) {
            return KeyCheck.OK; // data and metadata were checked when the integrity MR was mapped
        }
        try {
            k.translation().forEachPiece(address, length, (host, len, off) -> memory.check(host, len));
        } catch (MemoryAccessException e) {
            return KeyCheck.NO_MEMORY;
        }
        return KeyCheck.OK;
    }

    /** Reads {@code length} bytes through a checked key (returns null in elided payload mode). */
    byte[] read(int key, long address, int length) {
        if (!memory.payloadReal()) {
            return null;
        }
        Mkey k = find(key);
        if (k.signature != null) {
            return SignatureEngine.read(k, memory, address, length);
        }
        byte[] out = new byte[length];
        k.translation().forEachPiece(address, length,
                (host, len, off) -> memory.read(host, out, (int) off, (int) len));
        return out;
    }

    /** Writes {@code data[from, from+length)} through a checked key (no-op for null data). */
    void write(int key, long address, byte[] data, int from, int length) {
        if (data == null || length == 0) {
            return;
        }
        Mkey k = find(key);
        if (k.signature != null) {
            SignatureEngine.write(k, memory, address, data, from, length);
            return;
        }
        k.translation().forEachPiece(address, length,
                (host, len, off) -> memory.write(host, data, (int) (from + off), (int) len));
    }

    /** Writes {@code length} bytes of {@code data} across a scatter list whose keys were checked. */
    void scatter(List<Sge> sgl, byte[] data, long length) {
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

    int pageSizeOf(int key) {
        Mkey k = find(key);
        return k == null ? 4096 : k.pageSize;
    }

    boolean isKlm(int key) {
        Mkey k = find(key);
        return k != null && k.mapping != null && k.mapping.klm();
    }
}
