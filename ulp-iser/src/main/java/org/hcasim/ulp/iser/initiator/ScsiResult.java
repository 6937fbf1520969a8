package org.hcasim.ulp.iser.initiator;

import org.hcasim.ulp.iser.pdu.ScsiResponse;
import org.hcasim.ulp.iser.scsi.SenseData;

/**
 * How a SCSI command ended, as the initiator's midlayer sees it.
 *
 * @param status     SCSI status (GOOD, CHECK CONDITION) or {@link #TRANSPORT_FAILED} when no response came
 * @param sense      the sense data of a CHECK CONDITION, or null
 * @param hostDetail one line when the initiator itself found the error (its HCA's signature check, a lost
 *                   connection), else empty
 */
public record ScsiResult(int status, SenseData sense, String hostDetail) {
    /** Not a SCSI status: the command never got a response (the host byte would be DID_ERROR / DID_ABORT). */
    public static final int TRANSPORT_FAILED = -1;

    public static final ScsiResult GOOD = new ScsiResult(ScsiResponse.GOOD, null, "");

    public static ScsiResult transportFailure(String why) {
        return new ScsiResult(TRANSPORT_FAILED, null, why);
    }

    public boolean ok() {
        return status == ScsiResponse.GOOD;
    }
}
