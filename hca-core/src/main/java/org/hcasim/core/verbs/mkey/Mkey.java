package org.hcasim.core.verbs.mkey;

import java.util.Set;
import java.util.function.Consumer;
import org.hcasim.core.verbs.signature.IntegrityKey;
import org.hcasim.core.verbs.signature.SignatureEngine;
import org.hcasim.core.verbs.translation.SgMapping;
import org.hcasim.core.verbs.translation.Translation;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.SignatureAttributes;
import org.hcasim.verbs.SignatureError;

/**
 * The HCA's view of a memory key: index, current 8-bit variant, PD, whether it is valid, access rights and
 * translation. Changed only by the HCA: registration at create time, a UMR ({@link #load}), invalidation,
 * destruction.
 */
public final class Mkey implements IntegrityKey {
    private final int index;
    /** Null for the local DMA key (every PD) and for an MR-cache mkey until a registration loads it. */
    private ProtectionDomain pd;
    private final MrType type;
    private int variant;
    private boolean valid;
    private boolean destroyed;
    private Set<AccessFlag> access = Set.of();
    private int accessBits;
    private SgMapping mapping;
    private int pageSize = 4096;
    private SignatureAttributes signature;
    /** Where signature errors go (the driver-side MR); null for keys without one. */
    private Consumer<SignatureError> errors;
    /** The MR cache entry this mkey belongs to, or -1 when it did not come from the cache. */
    private int cacheEntry = -1;

    Mkey(int index, ProtectionDomain pd, MrType type) {
        this.index = index;
        this.pd = pd;
        this.type = type;
    }

    public int index() {
        return index;
    }

    /** The PD the key belongs to; null for the local DMA key (which serves every PD) and a free MR-cache mkey. */
    public ProtectionDomain pd() {
        return pd;
    }

    /** A cached mkey loaded for a registration by a UMR takes the registering PD. */
    public void assignPd(ProtectionDomain owner) {
        this.pd = owner;
    }

    /** The MR cache entry this mkey belongs to, or -1 when it did not come from the cache. */
    public int cacheEntry() {
        return cacheEntry;
    }

    public void cacheEntry(int entry) {
        this.cacheEntry = entry;
    }

    public MrType type() {
        return type;
    }

    public int variant() {
        return variant;
    }

    @Override
    public int key() {
        return (index << 8) | variant;
    }

    public boolean valid() {
        return valid;
    }

    public boolean destroyed() {
        return destroyed;
    }

    public Set<AccessFlag> access() {
        return access;
    }

    /** {@link #access()} as {@link AccessBits}. */
    int accessBits() {
        return accessBits;
    }

    @Override
    public SgMapping mapping() {
        return mapping;
    }

    public int pageSize() {
        return pageSize;
    }

    @Override
    public SignatureAttributes signature() {
        return signature;
    }

    public boolean fastRegistration() {
        return type != MrType.USER;
    }

    /** Sends the signature errors of accesses through this key to {@code sink} (the MR that owns it). */
    public void reportSignatureErrorsTo(Consumer<SignatureError> sink) {
        this.errors = sink;
    }

    @Override
    public void signatureError(SignatureError error) {
        if (errors != null) {
            errors.accept(error);
        }
    }

    /**
     * Makes the key valid with a translation: a user registration ({@code variant} 0, no signature) or a UMR
     * loading a fast-registration key ({@code signature} non-null for an integrity key).
     */
    public void load(SgMapping mapping, int pageSize, int variant, Set<AccessFlag> access, SignatureAttributes signature) {
        this.mapping = mapping;
        this.pageSize = pageSize;
        this.variant = variant;
        this.access = access;
        this.accessBits = AccessBits.of(access);
        if (signature != null) {
            this.signature = signature;
        }
        this.valid = true;
    }

    /**
     * Makes the key valid with {@code mapping} and {@code access}, keeping its variant and page size: a user
     * registration, on a new mkey or one from the MR cache.
     */
    public void install(SgMapping mapping, Set<AccessFlag> access) {
        this.mapping = mapping;
        this.access = access;
        this.accessBits = AccessBits.of(access);
        this.valid = true;
    }

    /** Local invalidation, or the peer's SEND_WITH_INV: the key stops working until registered again. */
    public void invalidate() {
        valid = false;
    }

    /** Deregistration revokes the key by UMR: no translation, no PD, invalid (a cached mkey goes back free). */
    public void revoke() {
        valid = false;
        pd = null;
        mapping = null;
    }

    void destroy() {
        valid = false;
        destroyed = true;
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
