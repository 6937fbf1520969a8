package org.hcasim.ulp.iser.login;

import java.util.Map;

/**
 * The operational parameters a login settled on, from the negotiated keys (the defaults of RFC 7143 section 13 and
 * RFC 7145 section 6 for keys not negotiated).
 *
 * @param immediateData               the initiator may send data with the SCSI command (ImmediateData)
 * @param initialR2T                  the initiator must wait for the target before sending unsolicited data-out
 *                                    (InitialR2T); over iSER there are no data-out PDUs, so with Yes only
 *                                    immediate data is unsolicited, the rest the target fetches with RDMA READ
 * @param firstBurstLength            most unsolicited bytes per command (FirstBurstLength)
 * @param maxBurstLength              most bytes per solicited sequence (MaxBurstLength)
 * @param targetRecvDataSegmentLength largest data segment the target receives (TargetRecvDataSegmentLength)
 * @param initiatorRecvDataSegmentLength largest data segment the initiator receives
 * @param rdmaExtensions              iSER is on (RDMAExtensions)
 * @param maxOutstandingUnexpectedPdus 0: no limit
 */
public record SessionParameters(boolean immediateData, boolean initialR2T, int firstBurstLength, int maxBurstLength,
                                int targetRecvDataSegmentLength, int initiatorRecvDataSegmentLength,
                                boolean rdmaExtensions, long maxOutstandingUnexpectedPdus) {

    /** The parameters of {@code negotiated} (key name to outcome), defaults for the rest. */
    public static SessionParameters of(Map<String, String> negotiated) {
        return new SessionParameters(
                Negotiation.yes(value(negotiated, LoginKey.IMMEDIATE_DATA)),
                Negotiation.yes(value(negotiated, LoginKey.INITIAL_R2T)),
                Integer.parseInt(value(negotiated, LoginKey.FIRST_BURST_LENGTH)),
                Integer.parseInt(value(negotiated, LoginKey.MAX_BURST_LENGTH)),
                Integer.parseInt(value(negotiated, LoginKey.TARGET_RECV_DATA_SEGMENT_LENGTH)),
                Integer.parseInt(value(negotiated, LoginKey.INITIATOR_RECV_DATA_SEGMENT_LENGTH)),
                Negotiation.yes(value(negotiated, LoginKey.RDMA_EXTENSIONS)),
                Long.parseLong(value(negotiated, LoginKey.MAX_OUTSTANDING_UNEXPECTED_PDUS)));
    }

    private static String value(Map<String, String> negotiated, LoginKey key) {
        return negotiated.getOrDefault(key.name(), key.defaultValue());
    }

    /**
     * Bytes of a write's data (PI included when it travels) that go with the command's SEND, as libiscsi's
     * iscsi_prep_scsi_cmd_pdu computes them: with ImmediateData, min(FirstBurstLength, the target's receive data
     * segment) capped by the transfer; none without. With InitialR2T=No the rest of the first burst would follow as
     * unsolicited data-out, which iSER does not have: the target fetches everything beyond the immediate data.
     */
    public int immediateBytes(long transferLength) {
        if (!immediateData) {
            return 0;
        }
        long limit = Math.min(firstBurstLength, targetRecvDataSegmentLength);
        return (int) Math.min(transferLength, limit);
    }
}
