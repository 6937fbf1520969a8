package org.hcasim.core.verbs;

import java.util.OptionalInt;
import org.hcasim.verbs.QpAddress;
import org.hcasim.verbs.WcStatus;

/**
 * Transport messages between a requester and a responder QP. They name QPs by address, as the wire does
 * (the destination QP number of the BTH); the fabric resolves an address when a packet arrives.
 */
final class Packet {
    private Packet() {
    }

    enum Op { SEND, SEND_INV, WRITE, READ }

    /**
     * A request: payload is null in elided mode (length still counts). {@code ackDeadline} is when the
     * requester's ACK timer, started at transmit, expires ({@link Long#MAX_VALUE}: the QP waits forever);
     * {@code solicited} is the BTH's solicited-event bit (a SEND posted with {@code SendFlag.SOLICITED}).
     */
    record Request(QpAddress source, QpAddress destination, long psn, int sourceEpoch, Op op, byte[] payload,
                   long length, long remoteAddress, int rkey, int invalidateKey, OptionalInt immediate,
                   long ackDeadline, boolean solicited) {
    }

    enum Kind { ACK, RNR_NAK, NAK, SEQUENCE_NAK }

    /**
     * A response to the requester at {@code requester} for its request {@code psn}: ACK (with read data for READ),
     * RNR NAK with the responder's timer, NAK with a status, or a
     * sequence-error NAK naming the PSN the responder expects (a packet before it was lost). {@code requestEpoch} is
     * the requester's epoch when it sent the request answered, so an answer to a transmission a go-back-N abandoned
     * can be told from one to the retransmission.
     */
    record Response(QpAddress requester, long psn, Kind kind, WcStatus nakStatus,
                    byte[] readData, long length, int rnrTimer, int requestEpoch) {
    }
}
