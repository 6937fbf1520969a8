package org.hcasim.ulp.iser.initiator;

import java.util.List;
import org.hcasim.spi.policy.Registration;
import org.hcasim.ulp.iser.scsi.Cdb;
import org.hcasim.ulp.iser.scsi.ScsiProtection;
import org.hcasim.verbs.ScatterEntry;

/**
 * One SCSI command on a session, from queueing to its response: what it asks (CDB, direction, the data and PI
 * scatter lists in initiator memory, the protection operation), and while it is in flight its task tag, CmdSN and
 * the registration that makes its memory reachable.
 */
final class ScsiTask {

    /** Gets the command's result, inside the completion task. */
    interface Done {
        void completed(ScsiTask task, ScsiResult result);
    }

    final Cdb cdb;
    final boolean read;
    final boolean write;
    /** The data buffer as the HCA sees it: one element per 4 KiB page of user memory. */
    final List<ScatterEntry> data;
    final long dataLength;
    /** The block layer's PI buffer (empty unless the operation keeps PI in memory). */
    final List<ScatterEntry> metadata;
    final ScsiProtection protection;
    /** First LBA and block size, for the signature attributes and error reports (0 for non-block commands). */
    final long lba;
    final int blockSize;
    final Done done;

    int itt = -1;
    int cmdSn;
    /** Times the midlayer requeued the command after its connection failed. */
    int retries;
    Registration registration;
    /** What the disk attached (its request), opaque here. */
    Object owner;

    ScsiTask(Cdb cdb, boolean read, boolean write, List<ScatterEntry> data, List<ScatterEntry> metadata,
             ScsiProtection protection, long lba, int blockSize, Done done) {
        this.cdb = cdb;
        this.read = read;
        this.write = write;
        this.data = List.copyOf(data);
        this.metadata = List.copyOf(metadata);
        this.protection = protection;
        this.lba = lba;
        this.blockSize = blockSize;
        this.done = done;
        long n = 0;
        for (ScatterEntry e : data) {
            n += e.length();
        }
        this.dataLength = n;
    }

    /** Expected Data Transfer Length: the data, plus 8 bytes per block when PI travels on the wire. */
    long transferLength() {
        return protection.has(ScsiProtection.TRANSFER_PI) ? dataLength + dataLength / blockSize * 8 : dataLength;
    }

    boolean protectedIo() {
        return protection.op() != ScsiProtection.Op.NORMAL;
    }
}
