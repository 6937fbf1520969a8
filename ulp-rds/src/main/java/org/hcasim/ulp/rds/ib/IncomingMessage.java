package org.hcasim.ulp.rds.ib;

import org.hcasim.ulp.rds.wire.RdsHeader;

/**
 * A message being received or waiting on a socket (struct rds_ib_incoming): its header and the receive buffers
 * its fragments landed in, handed from the receive ring to the message and back to the pool when the program
 * has read it.
 */
final class IncomingMessage {
    final RdsHeader header;
    final String fromAddress;
    final long[] fragments;
    /** The receive ring it came from, which recvmsg tells where its fragments were freed. */
    final ReceivePath ring;
    /** The core whose tasklet built it (wrote its struct and its fragments' list). */
    final int receivedOn;
    int count;
    int remaining;

    IncomingMessage(RdsHeader header, String fromAddress, int fragmentCount, ReceivePath ring, int receivedOn) {
        this.header = header;
        this.fromAddress = fromAddress;
        this.fragments = new long[fragmentCount];
        this.ring = ring;
        this.receivedOn = receivedOn;
        this.remaining = header.length();
    }

    /** Adds the next fragment's buffer with {@code dataBytes} of the message; true when the message is complete. */
    boolean add(long buffer, int dataBytes) {
        fragments[count++] = buffer;
        remaining -= dataBytes;
        return remaining <= 0;
    }
}
