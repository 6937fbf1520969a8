package org.hcasim.message;

/**
 * A datagram as recvmsg(2) returns it.
 *
 * @param fromAddress the sender's address (its host's name)
 * @param fromPort    the sender's port
 * @param length      the datagram's length in bytes
 * @param data        its bytes, or null when the simulation does not store payload ({@code sim.payload=elided})
 */
public record ReceivedDatagram(String fromAddress, int fromPort, int length, byte[] data) {
}
