package org.hcasim.ulp.srp.initiator;

import org.hcasim.spi.policy.Registration;
import org.hcasim.ulp.srp.iu.SrpResponse;

/**
 * One SCSI command on a channel: what to send (LUN, CDB, data buffer and direction) and, while it is outstanding,
 * its tag, registration and response.
 */
final class SrpRequest {
    /** Called once with the SRP_RSP (null when the channel failed) and a line saying why it failed, if it did. */
    @FunctionalInterface
    interface Completion {
        void completed(SrpResponse response, String failure);
    }

    final int lun;
    final byte[] cdb;
    final boolean write;
    final long dataIova;
    final int bytes;
    final Completion done;
    int tag = -1;
    Registration registration;
    /** Times the midlayer requeued the command after a reconnect terminated it. */
    int retries;

    SrpRequest(int lun, byte[] cdb, boolean write, long dataIova, int bytes, Completion done) {
        this.lun = lun;
        this.cdb = cdb;
        this.write = write;
        this.dataIova = dataIova;
        this.bytes = bytes;
        this.done = done;
    }

    boolean hasData() {
        return bytes > 0;
    }
}
