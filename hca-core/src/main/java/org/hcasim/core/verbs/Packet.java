package org.hcasim.core.verbs;

import java.util.OptionalInt;
import org.hcasim.verbs.WcStatus;

/** Transport messages between a requester and a responder QP. */
final class Packet {
    private Packet() {
    }

    enum Op { SEND, SEND_INV, WRITE, READ }

    /**
     * A request: payload is null in elided mode (length still counts); {@code solicited} is the BTH's
     * solicited-event bit (a SEND posted with {@code SendFlag.SOLICITED}).
     */
    record Request(SimQueuePair source, long psn, int sourceEpoch, Op op, byte[] payload, long length,
                   long remoteAddress, int rkey, int invalidateKey, OptionalInt immediate, boolean solicited) {
    }

    enum Kind { ACK, RNR_NAK, NAK }

    /** A response: ACK (with read data for READ), RNR NAK with the responder's timer, or NAK with a status. */
    record Response(long psn, Kind kind, WcStatus nakStatus, byte[] readData, long length, int rnrTimer) {
    }
}
