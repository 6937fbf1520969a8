package org.hcasim.ulp.rds.stress;

/**
 * What the tasks of one host count (rds-stress's struct counter set): requests and acks sent and received with
 * their bytes, sendmsg calls and the time spent in them, and round trips (request sent to its ack received).
 */
final class Counters {
    long requestsSent;
    long requestsReceived;
    long requestBytesSent;
    long requestBytesReceived;
    long ackBytesSent;
    long ackBytesReceived;
    long acksSent;
    long acksReceived;
    long sendmsgCalls;
    long sendmsgNs;
    long roundTrips;
    long roundTripNs;
    long verifyErrors;

    void add(Counters o) {
        requestsSent += o.requestsSent;
        requestsReceived += o.requestsReceived;
        requestBytesSent += o.requestBytesSent;
        requestBytesReceived += o.requestBytesReceived;
        ackBytesSent += o.ackBytesSent;
        ackBytesReceived += o.ackBytesReceived;
        acksSent += o.acksSent;
        acksReceived += o.acksReceived;
        sendmsgCalls += o.sendmsgCalls;
        sendmsgNs += o.sendmsgNs;
        roundTrips += o.roundTrips;
        roundTripNs += o.roundTripNs;
        verifyErrors += o.verifyErrors;
    }

    /** {@code this - earlier}: what was counted in between. */
    Counters since(Counters earlier) {
        Counters d = new Counters();
        d.requestsSent = requestsSent - earlier.requestsSent;
        d.requestsReceived = requestsReceived - earlier.requestsReceived;
        d.requestBytesSent = requestBytesSent - earlier.requestBytesSent;
        d.requestBytesReceived = requestBytesReceived - earlier.requestBytesReceived;
        d.ackBytesSent = ackBytesSent - earlier.ackBytesSent;
        d.ackBytesReceived = ackBytesReceived - earlier.ackBytesReceived;
        d.acksSent = acksSent - earlier.acksSent;
        d.acksReceived = acksReceived - earlier.acksReceived;
        d.sendmsgCalls = sendmsgCalls - earlier.sendmsgCalls;
        d.sendmsgNs = sendmsgNs - earlier.sendmsgNs;
        d.roundTrips = roundTrips - earlier.roundTrips;
        d.roundTripNs = roundTripNs - earlier.roundTripNs;
        d.verifyErrors = verifyErrors - earlier.verifyErrors;
        return d;
    }

    /** Every message the tasks sent and received, requests and acks. */
    long messages() {
        return requestsSent + acksSent + requestsReceived + acksReceived;
    }

    Counters copy() {
        Counters c = new Counters();
        c.add(this);
        return c;
    }
}
