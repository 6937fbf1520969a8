package org.hcasim.core.verbs;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.hcasim.core.verbs.mkey.Mkey;
import org.hcasim.core.verbs.signature.SignatureEngine;
import org.hcasim.core.verbs.translation.SgMapper;
import org.hcasim.core.verbs.translation.SgMapping;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.PiMapping;
import org.hcasim.verbs.PiMappingOrder;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.ScatterEntry;
import org.hcasim.verbs.SignatureError;
import org.hcasim.verbs.VerbsException;

/**
 * The driver's view of an MR: the key it hands out (index + the variant of its latest registration) and
 * the mapping prepared by mapSg that the next REG_MR will load. The HCA's view is the {@link Mkey}.
 */
final class SimMemoryRegion implements MemoryRegion {
    private final SimProtectionDomain pd;
    private final Mkey mkey;
    private final int maxSg;
    private int variant;
    private SgMapping pending;
    private int pendingPageSize = 4096;
    private boolean deregistered;
    private org.hcasim.verbs.SignatureAttributes pendingSignature;
    private SignatureError signatureError;
    private boolean signatureErrorUnchecked;
    /** The timed user-registration path this region came from (regUserMr), or null. */
    private UserMrPath userPath;

    SimMemoryRegion(SimProtectionDomain pd, Mkey mkey, int maxSg) {
        this.pd = pd;
        this.mkey = mkey;
        this.maxSg = maxSg;
        this.variant = mkey.variant();
        this.pending = mkey.mapping();
        mkey.reportSignatureErrorsTo(this::recordSignatureError);
    }

    Mkey mkey() {
        return mkey;
    }

    /** This region was registered by {@code path} (regUserMr), which also deregisters it. */
    SimMemoryRegion registeredBy(UserMrPath path) {
        this.userPath = path;
        return this;
    }

    SimProtectionDomain simPd() {
        return pd;
    }

    @Override
    public MrType type() {
        return mkey.type();
    }

    @Override
    public ProtectionDomain pd() {
        return pd;
    }

    @Override
    public int lkey() {
        return (mkey.index() << 8) | variant;
    }

    @Override
    public int rkey() {
        return lkey();
    }

    @Override
    public long iova() {
        return pending == null ? 0 : pending.iova();
    }

    @Override
    public long length() {
        if (pending == null) {
            return 0;
        }
        if (mkey.type() == MrType.INTEGRITY) {
            return pendingSignature == null ? pending.dataLength() : SignatureEngine.wireLength(pending, pendingSignature);
        }
        return pending.length();
    }

    /** Posting a REG_INTEGRITY_MR: the signature attributes define the key's wire view from now on. */
    void signatureRegistered(org.hcasim.verbs.SignatureAttributes signature) {
        this.pendingSignature = signature;
    }

    @Override
    public Set<AccessFlag> access() {
        return mkey.access();
    }

    @Override
    public int maxSg() {
        return maxSg;
    }

    private void requireLive(String verb) {
        if (deregistered) {
            throw new VerbsException(Errno.EINVAL, verb + " on a deregistered MR (key 0x" + Integer.toHexString(lkey()) + ")");
        }
    }

    @Override
    public int mapSg(List<ScatterEntry> sg, int pageSize) {
        requireLive("mapSg");
        SgMapping m = switch (mkey.type()) {
            case MEM_REG -> SgMapper.mapMtt(sg, pageSize, maxSg);
            case SG_GAPS -> SgMapper.mapKlm(sg, maxSg);
            case INTEGRITY -> throw new VerbsException(Errno.EINVAL, "mapSg on an INTEGRITY MR; use mapSgPi");
            case USER -> throw new VerbsException(Errno.EINVAL, "mapSg on a USER MR; only fast-registration MRs map lists");
        };
        pending = m;
        pendingPageSize = pageSize;
        return m.mapped();
    }

    @Override
    public int mapSgPi(List<ScatterEntry> data, List<ScatterEntry> metadata, int pageSize, PiMappingOrder order) {
        requireLive("mapSgPi");
        if (mkey.type() != MrType.INTEGRITY) {
            throw new VerbsException(Errno.EINVAL, "mapSgPi on a " + mkey.type() + " MR; it needs an INTEGRITY MR");
        }
        SgMapping m = SgMapper.mapPi(data, metadata, pageSize, maxSg, order);
        pending = m;
        pendingSignature = null;
        pendingPageSize = pageSize;
        return m.mapped();
    }

    @Override
    public PiMapping piMapping() {
        return pending == null ? PiMapping.NONE : pending.piMapping();
    }

    @Override
    public int descriptorCount() {
        return pending == null ? 0 : pending.descriptors();
    }

    /** Mapping the next REG_MR loads (null if never mapped). */
    SgMapping pendingMapping() {
        return pending;
    }

    int pendingPageSize() {
        return pendingPageSize;
    }

    /** Posting a REG_MR: the driver moves to the next key variant (ib_inc_rkey + ib_update_fast_reg_key). */
    int nextVariant() {
        variant = (variant + 1) & 0xFF;
        return variant;
    }

    void recordSignatureError(SignatureError error) {
        if (signatureError == null) {
            signatureError = error;
            signatureErrorUnchecked = true;
        }
    }

    /** True while a reported signature error has not been collected with checkSignatureStatus. */
    boolean signatureErrorPending() {
        return signatureErrorUnchecked;
    }

    @Override
    public Optional<SignatureError> checkSignatureStatus() {
        requireLive("checkSignatureStatus");
        if (mkey.type() != MrType.INTEGRITY) {
            throw new VerbsException(Errno.EINVAL, "checkSignatureStatus on a " + mkey.type() + " MR");
        }
        SignatureError e = signatureError;
        signatureError = null;
        signatureErrorUnchecked = false;
        if (e != null) {
            org.hcasim.core.fault.Faults faults = pd.simDevice().fabric().faults();
            if (faults.any()) {
                faults.caught("PI check of the HCA at " + VerbsFabric.portName(pd.simDevice()));
            }
        }
        return Optional.ofNullable(e);
    }

    @Override
    public boolean isValid() {
        return !deregistered && mkey.valid() && mkey.variant() == variant;
    }

    @Override
    public void deregister() {
        if (deregistered) {
            return;
        }
        deregistered = true;
        if (userPath != null) {
            userPath.deregisterNow(this);
            return;
        }
        pd.simDevice().firmwareCommand(org.hcasim.core.hw.FirmwareCommand.DESTROY_MKEY);
        pd.simDevice().keys().destroy(mkey);
        pd.release();
    }

    @Override
    public void deregister(Runnable done) {
        if (userPath == null) {
            MemoryRegion.super.deregister(done);
            return;
        }
        requireLive("deregister");
        if (!pd.simDevice().host().inTask()) {
            throw new VerbsException(Errno.EINVAL, "deregister(done): call it inside a task (it runs on the"
                    + " deregistering thread's core)");
        }
        deregistered = true;
        userPath.deregister(this, done);
    }

    @Override
    public String toString() {
        return mkey.type() + " MR key 0x" + Integer.toHexString(lkey());
    }
}
