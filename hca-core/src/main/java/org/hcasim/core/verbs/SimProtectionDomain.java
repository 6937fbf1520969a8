package org.hcasim.core.verbs;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.hcasim.core.hw.FirmwareCommand;
import org.hcasim.core.verbs.mkey.AccessRules;
import org.hcasim.core.verbs.mkey.Mkey;
import org.hcasim.core.verbs.translation.SgMapping;
import org.hcasim.core.verbs.translation.Translation;
import org.hcasim.host.MemoryAccessException;
import org.hcasim.verbs.DeviceLimitException;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.RdmaDevice;
import org.hcasim.verbs.SharedReceiveQueue;
import org.hcasim.verbs.SrqInit;
import org.hcasim.verbs.SrqPool;
import org.hcasim.verbs.UserMrCallback;
import org.hcasim.verbs.VerbsException;

final class SimProtectionDomain implements ProtectionDomain {
    private final SimRdmaDevice device;
    private int users;
    private boolean deallocated;

    SimProtectionDomain(SimRdmaDevice device) {
        this.device = device;
    }

    @Override
    public RdmaDevice device() {
        return device;
    }

    SimRdmaDevice simDevice() {
        return device;
    }

    @Override
    public int localDmaLkey() {
        return device.keys().localDmaKey();
    }

    @Override
    public int unsafeGlobalRkey() {
        requireAlive("unsafeGlobalRkey");
        return device.keys().unsafeGlobalKey(this);
    }

    private void requireAlive(String verb) {
        if (deallocated) {
            throw new VerbsException(Errno.EINVAL, verb + " on a deallocated PD");
        }
    }

    void use() {
        users++;
    }

    void release() {
        users--;
    }

    @Override
    public MemoryRegion regMr(long iova, long length, Set<AccessFlag> access) {
        checkUserRange("regMr", iova, length, access);
        device.firmwareCommand(FirmwareCommand.CREATE_MKEY, 8 * UserMrPath.pages(iova, length)); // the page list
        Mkey k = device.keys().create(this, MrType.USER);
        installUserTranslation(k, iova, length, access);
        users++;
        return new SimMemoryRegion(this, k, (int) Math.min(Integer.MAX_VALUE, (length + 4095) / 4096));
    }

    @Override
    public void regUserMr(long iova, long length, Set<AccessFlag> access, UserMrCallback done) {
        checkUserRange("regUserMr", iova, length, access);
        if (!device.host().inTask()) {
            throw new VerbsException(Errno.EINVAL, "regUserMr: call it inside a task (it runs on the registering"
                    + " thread's core)");
        }
        users++;
        device.userMrs().register(this, iova, length, access, done);
    }

    /** The checks ib_reg_user_mr makes before touching the memory: PD, access rights, length, allocated range. */
    private void checkUserRange(String verb, long iova, long length, Set<AccessFlag> access) {
        requireAlive(verb);
        AccessRules.requireLocalWriteForRemoteWrite(access, verb);
        if (length <= 0) {
            throw new VerbsException(Errno.EINVAL, verb + ": length " + length + " must be positive");
        }
        if (length > device.attributes().maxMrSize()) {
            throw new DeviceLimitException(Errno.EINVAL, verb + ": length " + length + " exceeds maxMrSize "
                    + device.attributes().maxMrSize(), "hca.verbs.max-mr-size");
        }
        try {
            device.host().memory().check(iova, length);
        } catch (MemoryAccessException e) {
            throw new VerbsException(Errno.EINVAL, verb + ": [0x" + Long.toHexString(iova) + ", +"
                    + length + ") is not allocated host memory: " + e.getMessage());
        }
    }

    /** Makes {@code k} translate {@code [iova, iova+length)} one to one (a user registration), valid at once. */
    static void installUserTranslation(Mkey k, long iova, long length, Set<AccessFlag> access) {
        k.install(SgMapping.plain(1, iova, Translation.contiguous(iova, length, iova), (int) ((length + 4095) / 4096),
                false), Set.copyOf(access));
    }

    @Override
    public MemoryRegion allocMr(MrType type, int maxSg) {
        requireAlive("allocMr");
        if (type == MrType.USER) {
            throw new VerbsException(Errno.EINVAL, "allocMr: USER regions are created with regMr");
        }
        if (type == MrType.SG_GAPS && !device.attributes().has(org.hcasim.verbs.DeviceCapability.SG_GAPS_REG)
                || type == MrType.INTEGRITY && !device.attributes().has(org.hcasim.verbs.DeviceCapability.INTEGRITY_HANDOVER)) {
            throw new VerbsException(Errno.EOPNOTSUPP, "allocMr(" + type + "): " + device + " does not support it");
        }
        int limit = type == MrType.INTEGRITY ? device.attributes().maxPiFastRegPageListLen()
                : device.attributes().maxFastRegPageListLen();
        if (maxSg > limit) {
            throw new DeviceLimitException(Errno.EINVAL, "allocMr(" + type + "): maxSg " + maxSg + " outside 1.." + limit,
                    type == MrType.INTEGRITY ? "hca.verbs.max-pi-fast-reg-page-list-len" : "hca.verbs.max-fast-reg-page-list-len");
        }
        if (maxSg < 1) {
            throw new VerbsException(Errno.EINVAL, "allocMr(" + type + "): maxSg " + maxSg + " outside 1.." + limit);
        }
        device.firmwareCommand(FirmwareCommand.CREATE_MKEY, (long) maxSg * switch (type) {
            case MEM_REG -> 8;          // MTT entries
            case SG_GAPS -> 16;         // KLM entries
            default -> 8 + 16;          // integrity: the inner MTT and KLM mkeys
        });
        Mkey k = device.keys().create(this, type);
        users++;
        return new SimMemoryRegion(this, k, maxSg);
    }

    @Override
    public QueuePair createQp(QpInit init) {
        requireAlive("createQp");
        SimQueuePair qp = new SimQueuePair(this, init);
        device.firmwareCommand(FirmwareCommand.CREATE_QP);
        users++;
        return qp;
    }

    @Override
    public SharedReceiveQueue createSrq(SrqInit init) {
        requireAlive("createSrq");
        SimSharedReceiveQueue srq = new SimSharedReceiveQueue(this, init);
        device.firmwareCommand(FirmwareCommand.CREATE_SRQ);
        users++;
        return srq;
    }

    @Override
    public SrqPool createSrqPool(int count, SrqInit init) {
        if (count < 1) {
            throw new VerbsException(Errno.EINVAL, "createSrqPool: count " + count + " must be positive");
        }
        List<SharedReceiveQueue> srqs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            srqs.add(createSrq(init));
        }
        return new SimSrqPool(srqs);
    }

    @Override
    public void dealloc() {
        if (deallocated) {
            return;
        }
        if (users > 0) {
            throw new VerbsException(Errno.EBUSY, "deallocPd: " + users + " MRs/QPs/SRQs still use this PD");
        }
        deallocated = true;
        device.pdReleased();
    }
}
