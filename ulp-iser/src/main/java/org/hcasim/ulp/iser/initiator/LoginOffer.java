package org.hcasim.ulp.iser.initiator;

import org.hcasim.ulp.iser.login.LoginKey;
import org.hcasim.ulp.iser.pdu.TextParameters;
import org.hcasim.ulp.iser.settings.InitiatorSettings;

/**
 * What the initiator offers at login, as iscsid does for an iSER interface (open-iscsi's iscsid.conf defaults
 * where no setting names the key): the security stage's declarations and the operational keys.
 */
final class LoginOffer {
    private LoginOffer() {
    }

    /** Security stage: InitiatorName, SessionType, TargetName (normal sessions), AuthMethod=None. */
    static TextParameters security(String initiatorName, String targetName) {
        return targetName == null
                ? TextParameters.of("InitiatorName", initiatorName, "SessionType", "Discovery", "AuthMethod", "None")
                : TextParameters.of("InitiatorName", initiatorName, "SessionType", "Normal", "TargetName", targetName,
                        "AuthMethod", "None");
    }

    /**
     * Operational stage. Digests None (RFC 7145: required with RDMAExtensions=Yes), RDMAExtensions=Yes, the receive
     * data segment lengths (InitiatorRecvDataSegmentLength = what the initiator receives; TargetRecvDataSegmentLength
     * offered as the first burst, the most it would send in one PDU), MaxOutstandingUnexpectedPDUs=0 (no limit: the
     * CmdSN window bounds them), and for normal sessions the session-wide keys from the settings and iscsid.conf
     * (DefaultTime2Wait 2, DefaultTime2Retain 0, MaxOutstandingR2T 1, in-order data, ErrorRecoveryLevel 0,
     * MaxConnections 1).
     */
    static TextParameters operational(InitiatorSettings s, boolean discovery) {
        String recv = Integer.toString(s.maxRecvDataSegmentLength());
        if (discovery) {
            return TextParameters.of(LoginKey.HEADER_DIGEST.name(), "None", LoginKey.DATA_DIGEST.name(), "None",
                    LoginKey.RDMA_EXTENSIONS.name(), "Yes", LoginKey.MAX_RECV_DATA_SEGMENT_LENGTH.name(), recv,
                    LoginKey.INITIATOR_RECV_DATA_SEGMENT_LENGTH.name(), recv,
                    LoginKey.TARGET_RECV_DATA_SEGMENT_LENGTH.name(), recv);
        }
        return TextParameters.of(
                LoginKey.HEADER_DIGEST.name(), "None",
                LoginKey.DATA_DIGEST.name(), "None",
                LoginKey.RDMA_EXTENSIONS.name(), "Yes",
                LoginKey.INITIAL_R2T.name(), s.initialR2T() ? "Yes" : "No",
                LoginKey.IMMEDIATE_DATA.name(), s.immediateData() ? "Yes" : "No",
                LoginKey.MAX_BURST_LENGTH.name(), Integer.toString(s.maxBurstLength()),
                LoginKey.FIRST_BURST_LENGTH.name(), Integer.toString(s.firstBurstLength()),
                LoginKey.MAX_RECV_DATA_SEGMENT_LENGTH.name(), recv,
                LoginKey.INITIATOR_RECV_DATA_SEGMENT_LENGTH.name(), recv,
                LoginKey.TARGET_RECV_DATA_SEGMENT_LENGTH.name(), Integer.toString(s.firstBurstLength()),
                LoginKey.MAX_OUTSTANDING_UNEXPECTED_PDUS.name(), "0",
                LoginKey.DEFAULT_TIME_2_WAIT.name(), "2",
                LoginKey.DEFAULT_TIME_2_RETAIN.name(), "0",
                LoginKey.MAX_OUTSTANDING_R2T.name(), "1",
                LoginKey.DATA_PDU_IN_ORDER.name(), "Yes",
                LoginKey.DATA_SEQUENCE_IN_ORDER.name(), "Yes",
                LoginKey.ERROR_RECOVERY_LEVEL.name(), "0",
                LoginKey.MAX_CONNECTIONS.name(), "1");
    }
}
