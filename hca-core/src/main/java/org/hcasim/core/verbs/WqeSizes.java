package org.hcasim.core.verbs;

import org.hcasim.verbs.WorkRequest;

/**
 * The sizes of mlx5 send WQEs the HCA fetches: a control segment and one 16-byte data segment per SGE, a
 * registration WQE with its translation list inline when the list fits the inline threshold (else a 16-byte
 * pointer to it), rounded up to 64-byte basic blocks.
 */
final class WqeSizes {
    private WqeSizes() {
    }

    /** Bytes of the WQE the HCA reads for {@code w}. */
    static int wqeBytes(SendWqe w, int umrInlineMaxBytes) {
        int bytes = switch (w.wr) {
            case WorkRequest.RegMr r -> 128 + registrationInlineBytes(w, umrInlineMaxBytes);
            case WorkRequest.RegIntegrityMr r -> 256 + registrationInlineBytes(w, umrInlineMaxBytes);
            case WorkRequest.LocalInvalidate inv -> 64;
            case WorkRequest.RdmaWrite wr -> 32 + 16 * wr.sgl().size();
            case WorkRequest.RdmaRead rd -> 32 + 16 * rd.sgl().size();
            default -> 16 + 16 * w.sgl.size();
        };
        return (bytes + 63) & ~63;
    }

    /** Bytes of the translation list a registration WQE loads (0 for other WQEs and physical mappings). */
    static int umrListBytes(SendWqe w) {
        return w.regMapping == null ? 0 : w.regMapping.umrListBytes();
    }

    private static int registrationInlineBytes(SendWqe w, int umrInlineMaxBytes) {
        int list = umrListBytes(w);
        return list <= umrInlineMaxBytes ? list : 16;
    }
}
