package org.hcasim.spi.policy;

import java.util.List;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.WorkRequest;

/**
 * How one I/O's memory is reached: what to put on the wire and what to post first.
 *
 * @param kind     which mechanism the policy chose
 * @param key      the rkey the peer uses (the MR's next key for a registration, the PD's global key otherwise)
 * @param address  the address the peer uses with the key (the MR's iova; zero-based for a KLM integrity MR)
 * @param length   bytes the key spans for the peer (for an integrity MR: the wire view, PI included when the
 *                 wire domain carries it)
 * @param mr       the MR the key belongs to, or null for the global key (then nothing needs invalidating)
 * @param requests work requests to post on the I/O's QP before its own (REG_MR / REG_INTEGRITY_MR), in order
 */
public record Registration(Kind kind, int key, long address, long length, MemoryRegion mr,
                           List<WorkRequest.SendRequest> requests) {

    /** The mechanisms a registration policy chooses from. */
    public enum Kind {
        /** The PD's unsafe global rkey: no registration, nothing to invalidate. */
        GLOBAL_KEY,
        /** A fast-registration (MTT) MR from the queue's pool. */
        FAST_REG,
        /** An integrity MR (data + PI) from the queue's pool. */
        INTEGRITY
    }

    public Registration {
        requests = List.copyOf(requests);
        if ((mr == null) != (kind == Kind.GLOBAL_KEY)) {
            throw new IllegalArgumentException(kind + " registration " + (mr == null ? "without" : "with") + " an MR");
        }
    }

    /** Whether the key must be invalidated (by the peer or locally) before the buffers may be reused. */
    public boolean needsInvalidation() {
        return mr != null;
    }
}
