package org.hcasim.core.policy;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Set;
import org.hcasim.spi.policy.IoBuffers;
import org.hcasim.spi.policy.PolicyContext;
import org.hcasim.spi.policy.QueueRegistration;
import org.hcasim.spi.policy.Registration;
import org.hcasim.spi.policy.RegistrationNeeds;
import org.hcasim.spi.policy.RegistrationPolicy;
import org.hcasim.spi.policy.RegistrationPolicyFactory;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.PiMappingOrder;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.WorkRequest;

/**
 * Registers the memory of every I/O (nvme-rdma {@code register_always=Y}, iSER, SRP): a fast-registration
 * MR from the queue's pool for plain data, an integrity MR for I/O with PI whose mapping tries the orders of
 * {@link PiMappingOrder}. Each queue gets one MR per entry, and with PI one integrity MR per entry next to it
 * (ib_mr_pool_init for both pools, allocated entry by entry).
 */
final class AlwaysRegister implements RegistrationPolicy {

    private final PiMappingOrder integrityOrder;

    AlwaysRegister(PiMappingOrder integrityOrder) {
        this.integrityOrder = integrityOrder;
    }

    /** The factory of the policy {@code name} with the given integrity mapping order. */
    static RegistrationPolicyFactory factory(String name, PiMappingOrder order, String description) {
        return new RegistrationPolicyFactory() {
            @Override public String name() { return name; }
            @Override public String description() { return description; }
            @Override public RegistrationPolicy create(PolicyContext context) { return new AlwaysRegister(order); }
        };
    }

    @Override
    public QueueRegistration forQueue(ProtectionDomain pd, RegistrationNeeds needs) {
        return new Pools(pd, needs, integrityOrder);
    }

    /** The MR pools of one queue. */
    static class Pools implements QueueRegistration {
        private final ProtectionDomain pd;
        private final int pageSize;
        private final PiMappingOrder order;
        private final int maxPages;
        private final ArrayDeque<MemoryRegion> fastReg = new ArrayDeque<>();
        private final ArrayDeque<MemoryRegion> integrity = new ArrayDeque<>();
        private final boolean integrityEnabled;
        /** Every MR of both pools, handed out or not (for {@link #destroy}). */
        private final List<MemoryRegion> allocated = new java.util.ArrayList<>();

        Pools(ProtectionDomain pd, RegistrationNeeds needs, PiMappingOrder order) {
            this.pd = pd;
            this.pageSize = needs.pageSize();
            this.order = order;
            this.integrityEnabled = needs.integrity();
            var attributes = pd.device().attributes();
            this.maxPages = Math.min(needs.maxPages(), attributes.maxFastRegPageListLen());
            // data and metadata each map up to this many pages (ib_mr_pool_init(..., pages_per_mr, pages_per_mr))
            int integrityPages = Math.min(needs.maxPages(), attributes.maxPiFastRegPageListLen());
            for (int i = 0; i < needs.entries(); i++) {
                fastReg.add(pd.allocMr(MrType.MEM_REG, maxPages));
                allocated.add(fastReg.peekLast());
                if (needs.integrity()) {
                    integrity.add(pd.allocMr(MrType.INTEGRITY, integrityPages));
                    allocated.add(integrity.peekLast());
                }
            }
        }

        ProtectionDomain pd() {
            return pd;
        }

        @Override
        public Registration register(IoBuffers io) {
            return io.integrity() ? registerIntegrity(io) : registerFast(io);
        }

        private Registration registerFast(IoBuffers io) {
            MemoryRegion mr = take(fastReg, "fast-registration");
            if (mr.mapSg(io.data(), pageSize) < io.data().size()) {
                fastReg.add(mr);
                return null;
            }
            return new Registration(Registration.Kind.FAST_REG, mr.nextKey(), mr.iova(), io.dataLength(), mr,
                    List.of(WorkRequest.RegMr.of(mr, io.access(), CompletionCallback.IGNORE)));
        }

        private Registration registerIntegrity(IoBuffers io) {
            if (!integrityEnabled) {
                throw new IllegalStateException("an I/O with PI on a queue whose registration was set up without integrity");
            }
            MemoryRegion mr = take(integrity, "integrity");
            if (mr.mapSgPi(io.data(), io.metadata(), pageSize, order) < io.data().size() + io.metadata().size()) {
                integrity.add(mr);
                return null;
            }
            return new Registration(Registration.Kind.INTEGRITY, mr.nextKey(), mr.iova(), io.wireLength(), mr,
                    List.of(new WorkRequest.RegIntegrityMr(mr, io.signature(), io.access(), Set.of(),
                            CompletionCallback.IGNORE)));
        }

        private static MemoryRegion take(ArrayDeque<MemoryRegion> pool, String what) {
            MemoryRegion mr = pool.poll();
            if (mr == null) {
                // One MR per queue entry: a queue never has more I/Os in flight than entries.
                throw new IllegalStateException("the queue's " + what + " MR pool is empty: more I/Os in flight than entries");
            }
            return mr;
        }

        @Override
        public void release(Registration r) {
            switch (r.kind()) {
                case FAST_REG -> fastReg.add(r.mr());
                case INTEGRITY -> integrity.add(r.mr());
                case GLOBAL_KEY -> { }
            }
        }

        @Override
        public int maxPages() {
            return maxPages;
        }

        @Override
        public void destroy() {
            for (MemoryRegion mr : allocated) {
                mr.deregister();
            }
            allocated.clear();
            fastReg.clear();
            integrity.clear();
        }
    }
}
