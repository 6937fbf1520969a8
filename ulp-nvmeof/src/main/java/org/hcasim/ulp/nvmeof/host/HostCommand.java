package org.hcasim.ulp.nvmeof.host;

import org.hcasim.spi.policy.Registration;
import org.hcasim.ulp.nvmeof.capsule.NvmeCommand;
import org.hcasim.ulp.nvmeof.capsule.NvmeCompletion;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.SignatureAttributes;

/**
 * One command on a host queue, from tag allocation to completion. It completes only when the capsule's
 * SEND has completed, the response has arrived and, if its data was registered, the key is invalid again
 * (by the target's SEND_WITH_INV or by our LOCAL_INV): before that the HCA may still touch the buffer.
 */
final class HostCommand {

    /** What the command moves: nothing, data to the target (write) or from it (read). */
    enum Direction { NONE, TO_TARGET, FROM_TARGET }

    /** Builds the 64-byte SQE once the tag (command id) and the data descriptor are known. */
    interface Encoder {
        NvmeCommand encode(int commandId, org.hcasim.ulp.nvmeof.capsule.SglDescriptor dptr);
    }

    /** Receives the completion and, when the host itself found the error, one line saying what it found. */
    interface Completion {
        void completed(NvmeCompletion cqe, String detail);
    }

    /**
     * Protection information handled by the HCA: the integrity MR's signature attributes, the host's PI
     * buffer ({@code metadataLength} 0 when the HCA inserts/strips), and what a signature error reports.
     */
    record Protection(SignatureAttributes signature, long metadataIova, int metadataLength, long wireLength, long slba,
                      int blockSize) {
    }

    final Encoder encoder;
    final Direction direction;
    final long dataIova;
    final int dataLength;
    final Completion done;
    /** Null for commands without protection information. */
    final Protection protection;

    int tag = -1;
    /** When the command went out (for the request timeout; only when one runs). */
    long startedNs;
    /** How the data is reached, while the command holds it (null for none or in-capsule data). */
    Registration registration;
    /** The registration's MR, or null for the global key. */
    MemoryRegion mr;
    int rkey;
    boolean sendDone;
    NvmeCompletion response;
    boolean keyInvalid = true;
    boolean localInvalidatePosted;
    /** Set when the command failed on the transport: the completion reported instead of a response. */
    NvmeCompletion transportError;

    /** Line describing a signature error the host's HCA found (empty otherwise). */
    String detail = "";

    HostCommand(Encoder encoder, Direction direction, long dataIova, int dataLength, Completion done) {
        this(encoder, direction, dataIova, dataLength, null, done);
    }

    HostCommand(Encoder encoder, Direction direction, long dataIova, int dataLength, Protection protection,
                Completion done) {
        this.encoder = encoder;
        this.direction = direction;
        this.dataIova = dataIova;
        this.dataLength = dataLength;
        this.protection = protection;
        this.done = done;
    }

    /**
     * The command's data is reached through {@code r}: its key travels in the capsule and, if it is an MR's
     * (the MR's next key, which posting the REG gives it), must be invalid again before the command ends.
     */
    void use(Registration r) {
        this.registration = r;
        this.mr = r.mr();
        this.rkey = r.key();
        this.keyInvalid = !r.needsInvalidation();
    }

    boolean finished() {
        return sendDone && response != null && keyInvalid;
    }
}
