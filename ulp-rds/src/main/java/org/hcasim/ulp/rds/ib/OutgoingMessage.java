package org.hcasim.ulp.rds.ib;

/**
 * A message on its way out (struct rds_message): its data copied into buffers of the endpoint's pool, its
 * sequence number on the connection, and how many of its fragments are posted. It stays on the connection's
 * retransmit queue until the peer acknowledges its sequence number.
 */
final class OutgoingMessage {
    final RdsSocket socket;
    final int sourcePort;
    final int destinationPort;
    final int length;
    final long[] pages;
    final int fragments;
    long sequence;
    int flags;
    int posted;
    int completed;

    OutgoingMessage(RdsSocket socket, int destinationPort, int length, long[] pages, int fragments) {
        this.socket = socket;
        this.sourcePort = socket.port();
        this.destinationPort = destinationPort;
        this.length = length;
        this.pages = pages;
        this.fragments = fragments;
    }

    boolean fullyPosted() {
        return posted == fragments;
    }
}
