package org.hcasim.ulp.iser.login;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A login key of the operational stage: its name, how it is decided, its default (the value in force when it is
 * not negotiated), its numeric range, and whether it is session-wide (irrelevant in a discovery session,
 * RFC 7143 section 13). The iSER keys are RFC 7145 section 6.
 */
public record LoginKey(String name, KeyRule rule, String defaultValue, long min, long max, boolean sessionWide) {

    public static final LoginKey HEADER_DIGEST = list("HeaderDigest", "None", false);
    public static final LoginKey DATA_DIGEST = list("DataDigest", "None", false);
    public static final LoginKey MAX_CONNECTIONS = number("MaxConnections", KeyRule.MIN, 1, 1, 65_535, true);
    public static final LoginKey INITIAL_R2T = bool("InitialR2T", KeyRule.OR, true, true);
    public static final LoginKey IMMEDIATE_DATA = bool("ImmediateData", KeyRule.AND, true, true);
    public static final LoginKey MAX_RECV_DATA_SEGMENT_LENGTH =
            number("MaxRecvDataSegmentLength", KeyRule.DECLARATIVE, 8192, 512, 16_777_215, false);
    public static final LoginKey MAX_BURST_LENGTH = number("MaxBurstLength", KeyRule.MIN, 262_144, 512, 16_777_215, true);
    public static final LoginKey FIRST_BURST_LENGTH = number("FirstBurstLength", KeyRule.MIN, 65_536, 512, 16_777_215, true);
    public static final LoginKey DEFAULT_TIME_2_WAIT = number("DefaultTime2Wait", KeyRule.MAX, 2, 0, 3600, true);
    public static final LoginKey DEFAULT_TIME_2_RETAIN = number("DefaultTime2Retain", KeyRule.MIN, 20, 0, 3600, true);
    public static final LoginKey MAX_OUTSTANDING_R2T = number("MaxOutstandingR2T", KeyRule.MIN, 1, 1, 65_535, true);
    public static final LoginKey DATA_PDU_IN_ORDER = bool("DataPDUInOrder", KeyRule.OR, true, true);
    public static final LoginKey DATA_SEQUENCE_IN_ORDER = bool("DataSequenceInOrder", KeyRule.OR, true, true);
    public static final LoginKey ERROR_RECOVERY_LEVEL = number("ErrorRecoveryLevel", KeyRule.MIN, 0, 0, 2, true);
    /** RFC 7145 6.3: iSER is used on the connection (leading only, AND). */
    public static final LoginKey RDMA_EXTENSIONS = bool("RDMAExtensions", KeyRule.AND, false, false);
    /** RFC 7145 6.5: the largest data segment of a control-type PDU the target receives. */
    public static final LoginKey TARGET_RECV_DATA_SEGMENT_LENGTH =
            number("TargetRecvDataSegmentLength", KeyRule.MIN, 8192, 512, 16_777_215, false);
    /** RFC 7145 6.6: the largest data segment of a control-type PDU the initiator receives. */
    public static final LoginKey INITIATOR_RECV_DATA_SEGMENT_LENGTH =
            number("InitiatorRecvDataSegmentLength", KeyRule.MIN, 8192, 512, 16_777_215, false);
    /** RFC 7145 6.7: unexpected control-type PDUs one side may have outstanding at the other (0: no limit). */
    public static final LoginKey MAX_OUTSTANDING_UNEXPECTED_PDUS =
            number("MaxOutstandingUnexpectedPDUs", KeyRule.MIN_ZERO_UNLIMITED, 0, 0, 4_294_967_295L, false);

    /** Every operational key this model negotiates, by name. */
    public static final Map<String, LoginKey> OPERATIONAL = byName(List.of(HEADER_DIGEST, DATA_DIGEST, MAX_CONNECTIONS,
            INITIAL_R2T, IMMEDIATE_DATA, MAX_RECV_DATA_SEGMENT_LENGTH, MAX_BURST_LENGTH, FIRST_BURST_LENGTH,
            DEFAULT_TIME_2_WAIT, DEFAULT_TIME_2_RETAIN, MAX_OUTSTANDING_R2T, DATA_PDU_IN_ORDER, DATA_SEQUENCE_IN_ORDER,
            ERROR_RECOVERY_LEVEL, RDMA_EXTENSIONS, TARGET_RECV_DATA_SEGMENT_LENGTH, INITIATOR_RECV_DATA_SEGMENT_LENGTH,
            MAX_OUTSTANDING_UNEXPECTED_PDUS));

    private static Map<String, LoginKey> byName(List<LoginKey> keys) {
        Map<String, LoginKey> m = new LinkedHashMap<>();
        for (LoginKey k : keys) {
            m.put(k.name(), k);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    private static LoginKey list(String name, String dflt, boolean sessionWide) {
        return new LoginKey(name, KeyRule.LIST, dflt, 0, 0, sessionWide);
    }

    private static LoginKey bool(String name, KeyRule rule, boolean dflt, boolean sessionWide) {
        return new LoginKey(name, rule, dflt ? "Yes" : "No", 0, 0, sessionWide);
    }

    private static LoginKey number(String name, KeyRule rule, long dflt, long min, long max, boolean sessionWide) {
        return new LoginKey(name, rule, Long.toString(dflt), min, max, sessionWide);
    }

    public boolean isBoolean() {
        return rule == KeyRule.AND || rule == KeyRule.OR;
    }

    /** Numeric keys: every one that is neither boolean nor a list. */
    public boolean isNumber() {
        return !isBoolean() && rule != KeyRule.LIST;
    }
}
