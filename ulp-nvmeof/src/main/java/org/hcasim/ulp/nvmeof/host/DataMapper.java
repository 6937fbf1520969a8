package org.hcasim.ulp.nvmeof.host;

import java.util.List;
import java.util.Set;
import org.hcasim.spi.policy.IoBuffers;
import org.hcasim.spi.policy.QueueRegistration;
import org.hcasim.spi.policy.Registration;
import org.hcasim.spi.policy.RegistrationNeeds;
import org.hcasim.spi.policy.RegistrationPolicy;
import org.hcasim.ulp.nvmeof.capsule.NvmeCompletion;
import org.hcasim.ulp.nvmeof.capsule.SglDescriptor;
import org.hcasim.ulp.nvmeof.pi.PiSignature;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.ScatterEntry;

/**
 * How a host command's data reaches the target (nvme_rdma_map_data / nvme_rdma_unmap_data): no data,
 * in-capsule, or through the queue's registration policy (the global rkey, a fast-registered MR, or an
 * integrity MR for PI, which never travels in-capsule or under the global key), and, for PI, the signature
 * check once the key is invalid again (nvme_rdma_check_pi_status). Its own class because the choice is one
 * piece of logic, apart from the queue's flow of tags, capsules and completions.
 */
final class DataMapper {

    /** NVME_RDMA_MAX_SEGMENTS: pages one registration maps (the controller's maximum transfer + 1 page). */
    static final int MAX_PAGES = 256;

    private final ProtectionDomain pd;
    private final RegistrationPolicy policy;
    private final HostQueue.Stats stats;
    /** The queue's MR pools, set up by the policy when the queue connects. */
    private QueueRegistration registration;
    /** Bytes of in-capsule data the target takes on this queue (0 on the admin queue). */
    private int inlineDataSize;

    DataMapper(ProtectionDomain pd, RegistrationPolicy policy, HostQueue.Stats stats) {
        this.pd = pd;
        this.policy = policy;
        this.stats = stats;
    }

    void setInlineDataSize(int bytes) {
        this.inlineDataSize = bytes;
    }

    /** The queue's registration resources: an MR per entry, and with PI an integrity MR per entry next to it. */
    void allocateMrs(int entries, boolean pi) {
        registration = policy.forQueue(pd, new RegistrationNeeds(entries, MAX_PAGES, pi, HostQueue.PAGE_SIZE));
    }

    /** The queue is gone: every MR of its registration is deregistered. */
    void destroy() {
        if (registration != null) {
            registration.destroy();
        }
    }

    /** Largest transfer one command may move: one page less than a registration maps (unaligned start). */
    int maxTransferBytes() {
        return (registration.maxPages() - 1) * HostQueue.PAGE_SIZE;
    }

    /**
     * The command's data descriptor. In-capsule data goes out as the capsule SEND's second SGE (the caller adds it when
     * the descriptor {@link SglDescriptor#isInCapsule() is in-capsule}); a registration is kept in the command, and its
     * work requests go out before the SEND. Null when the buffers cannot be mapped (nothing taken).
     */
    SglDescriptor map(HostCommand c) {
        if (c.direction == HostCommand.Direction.NONE) {
            return SglDescriptor.none();
        }
        if (c.protection == null && c.direction == HostCommand.Direction.TO_TARGET && c.dataLength <= inlineDataSize) {
            stats.inCapsuleWrites++;
            return SglDescriptor.inCapsule(c.dataLength);
        }
        Registration r = registration.register(buffers(c));
        if (r == null) {
            return null;
        }
        c.use(r);
        switch (r.kind()) {
            case GLOBAL_KEY -> stats.globalKeyIos++;
            case FAST_REG -> stats.registrations++;
            case INTEGRITY -> stats.integrityRegistrations++;
        }
        // A fast-registered key asks the target to invalidate it (SEND_WITH_INV); an integrity key does not
        // (nvme-rdma sends type 0x40 there), so the host invalidates it locally after the response.
        return SglDescriptor.keyed(r.address(), r.length(), r.key(), r.kind() == Registration.Kind.FAST_REG);
    }

    /** The rights every I/O's registration asks, immutable so that {@link IoBuffers} keeps it without copying. */
    private static final Set<AccessFlag> ALL_ACCESS = Set.copyOf(AccessFlag.all());

    private static IoBuffers buffers(HostCommand c) {
        List<ScatterEntry> data = List.of(new ScatterEntry(c.dataIova, c.dataLength));
        HostCommand.Protection p = c.protection;
        if (p == null) {
            return IoBuffers.of(data, ALL_ACCESS);
        }
        List<ScatterEntry> meta = p.metadataLength() == 0 ? List.of()
                : List.of(new ScatterEntry(p.metadataIova(), p.metadataLength()));
        return new IoBuffers(data, meta, ALL_ACCESS, p.signature());
    }

    /** After posting: the registration must have given the MR the key and span the capsule names. */
    void checkPosted(HostCommand c) {
        if (c.mr == null) {
            return;
        }
        if (c.mr.rkey() != c.rkey) {
            throw new IllegalStateException("REG_MR did not move " + c.mr + " to the key the capsule names (0x"
                    + Integer.toHexString(c.rkey) + ")");
        }
        if (c.protection != null && c.mr.length() != c.protection.wireLength()) {
            throw new IllegalStateException("integrity MR " + c.mr + " spans " + c.mr.length()
                    + " wire bytes, the capsule names " + c.protection.wireLength());
        }
    }

    /**
     * nvme_rdma_check_pi_status: once the key is invalid again, ask the HCA whether its signature engine found
     * an error on the way; if so the request fails with the matching media error whatever the target answered.
     * Checking also clears the error, so the MR can be registered again.
     */
    void checkSignature(HostCommand c) {
        if (c.protection == null) {
            return;
        }
        c.mr.checkSignatureStatus().ifPresent(e -> {
            stats.signatureErrors++;
            c.response = new NvmeCompletion(c.response.result(), c.response.sqHead(), c.response.sqId(),
                    c.response.commandId(), NvmeCompletion.SCT_MEDIA, PiSignature.statusCode(e));
            c.detail = PiSignature.describe(e, c.protection.slba(), c.protection.blockSize());
        });
    }

    /** The command is over: its MR goes back to its pool. */
    void unmap(HostCommand c) {
        if (c.registration != null) {
            registration.release(c.registration);
            c.registration = null;
            c.mr = null;
        }
    }
}
