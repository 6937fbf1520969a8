package org.hcasim.ulp.iser.initiator;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.hcasim.spi.policy.IoBuffers;
import org.hcasim.spi.policy.QueueRegistration;
import org.hcasim.spi.policy.Registration;
import org.hcasim.ulp.iser.pdu.IserHeader;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.PiMapping;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WorkRequest;

/**
 * How a command's memory reaches the target (ib_iser's iser_prepare_read_cmd / iser_prepare_write_cmd): a write
 * sent whole as immediate data from one piece goes under the local DMA key (iser_reg_dma); everything else is
 * registered through the session's registration policy, an integrity MR with ib_iser's signature attributes when
 * the command is protected, [LOCAL_INV of the MR's last key when it is still valid,] then the REG. The iSER header
 * names the read STag and, for the part of a write beyond its immediate data, the write STag and offset; immediate
 * data goes as a second SGE of the SEND through the registered key. Its own class because it is the one piece of
 * logic between a task and the verbs, apart from the session's tags and window.
 */
final class TaskMapper {

    /** What the SEND of a command needs: its iSER header, its immediate data, the WRs to post before it. */
    record Mapped(IserHeader header, Sge immediate, List<WorkRequest.SendRequest> before) {
    }

    private final ProtectionDomain pd;
    private final QueueRegistration registration;
    private final EnumMap<PiMapping, Long> mappings = new EnumMap<>(PiMapping.class);

    TaskMapper(ProtectionDomain pd, QueueRegistration registration) {
        this.pd = pd;
        this.registration = registration;
    }

    /** Maps {@code t}, whose first {@code immediate} bytes go with the command; null when it fits no registration. */
    Mapped map(ScsiTask t, int immediate) {
        if (t.dataLength == 0) {
            return new Mapped(IserHeader.control(), null, List.of());
        }
        long transfer = t.transferLength();
        if (t.write && immediate == transfer && !t.protectedIo() && t.data.size() == 1) {
            return new Mapped(IserHeader.control(), new Sge(t.data.get(0).address(), immediate, pd.localDmaLkey()), List.of());
        }
        Registration r = registration.register(new IoBuffers(t.data, t.metadata, AccessFlag.all(),
                t.protectedIo() ? IserSignature.attributes(t.protection, t.blockSize, t.lba) : null));
        if (r == null) {
            return null;
        }
        t.registration = r;
        if (r.kind() == Registration.Kind.INTEGRITY) {
            mappings.merge(r.mr().piMapping(), 1L, Long::sum);
        }
        List<WorkRequest.SendRequest> before = new ArrayList<>(2);
        if (r.mr() != null && r.mr().isValid()) {
            before.add(WorkRequest.LocalInvalidate.of(r.mr().rkey(), CompletionCallback.IGNORE));
        }
        before.addAll(r.requests());
        boolean solicited = t.write && immediate < transfer;
        IserHeader header = IserHeader.forCommand(solicited, r.key(), r.address() + immediate, t.read, r.key(), r.address());
        return new Mapped(header, immediate > 0 ? new Sge(r.address(), immediate, r.key()) : null, before);
    }

    /** The command is over: its MR goes back to its pool, still valid unless the target invalidated it. */
    void unmap(ScsiTask t) {
        if (t.registration != null) {
            registration.release(t.registration);
            t.registration = null;
        }
    }

    /** The connection is gone: every MR of its registration is deregistered. */
    void destroy() {
        registration.destroy();
    }

    /** Integrity registrations so far by how they mapped. */
    Map<PiMapping, Long> mappings() {
        return Collections.unmodifiableMap(mappings);
    }
}
