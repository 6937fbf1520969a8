package org.hcasim.core.verbs;

import java.util.Set;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.SignatureAttributes;

/**
 * The HCA's view of a memory key: index, current 8-bit variant, PD, whether it is valid, access rights and
 * translation. Changed only by the HCA (registration at create time, UMR, invalidation).
 */
final class Mkey {
    final int index;
    /** Set when a cached mkey is loaded for a registration by a UMR (the cache's mkeys belong to no PD). */
    SimProtectionDomain pd;
    final MrType type;
    int variant;
    boolean valid;
    boolean destroyed;
    Set<AccessFlag> access = Set.of();
    SgMapping mapping;
    int pageSize = 4096;
    SignatureAttributes signature;
    /** The driver-side MR (signature errors are recorded there); null for the local DMA key. */
    SimMemoryRegion owner;
    /** The MR cache entry this mkey belongs to, or -1 when it did not come from the cache. */
    int cacheEntry = -1;

    Mkey(int index, SimProtectionDomain pd, MrType type) {
        this.index = index;
        this.pd = pd;
        this.type = type;
    }

    int key() {
        return (index << 8) | variant;
    }

    boolean fastRegistration() {
        return type != MrType.USER;
    }

    /** True when {@code [address, address+length)} lies in the key's address space (the wire view for integrity). */
    boolean covers(long address, long length) {
        if (signature != null) {
            return address >= mapping.iova() && length >= 0
                    && address - mapping.iova() <= SignatureEngine.wireLength(this) - length;
        }
        return translation().covers(address, length);
    }

    Translation translation() {
        return mapping == null ? null : mapping.translation();
    }
}
