package org.hcasim.ulp.nvmeof.host;

import java.util.function.Consumer;
import org.hcasim.ulp.nvmeof.capsule.NvmeCommand;
import org.hcasim.ulp.nvmeof.capsule.NvmeCompletion;
import org.hcasim.verbs.MemoryRegion;

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

    final Encoder encoder;
    final Direction direction;
    final long dataIova;
    final int dataLength;
    final Consumer<NvmeCompletion> done;

    int tag = -1;
    MemoryRegion mr;
    int rkey;
    boolean sendDone;
    NvmeCompletion response;
    boolean keyInvalid = true;
    boolean localInvalidatePosted;
    /** Set when the command failed on the transport: the completion reported instead of a response. */
    NvmeCompletion transportError;

    HostCommand(Encoder encoder, Direction direction, long dataIova, int dataLength, Consumer<NvmeCompletion> done) {
        this.encoder = encoder;
        this.direction = direction;
        this.dataIova = dataIova;
        this.dataLength = dataLength;
        this.done = done;
    }

    boolean finished() {
        return sendDone && response != null && keyInvalid;
    }
}
