package org.hcasim.ulp.iser.login;

/**
 * How a login key's value is decided (RFC 7143 section 6.2). The initiator offers; the target answers; both then
 * use the outcome.
 */
public enum KeyRule {
    /** Each side states its own value for its direction; nothing is negotiated (e.g. MaxRecvDataSegmentLength). */
    DECLARATIVE,
    /** The offer is a list in order of preference; the answer is the first offered value the responder supports. */
    LIST,
    /** Boolean with AND: Yes only when both sides say Yes (an offered No must be answered No). */
    AND,
    /** Boolean with OR: Yes when either side says Yes (an offered Yes must be answered Yes). */
    OR,
    /** Number with minimum: the answer may not exceed the offer. */
    MIN,
    /** Number with maximum: the answer may not be below the offer. */
    MAX,
    /** Number with minimum where 0 means "no limit" (MaxOutstandingUnexpectedPDUs, RFC 7145 section 6.7). */
    MIN_ZERO_UNLIMITED
}
