package org.hcasim.message;

/**
 * A datagram socket bound to a port (an RDS socket). Calls are made from its owner thread's task; each charges
 * that core the system call, the protocol's work and the copy of the datagram's bytes.
 */
public interface MessageSocket {

    /** The bound port. */
    int port();

    /** The owner thread (woken when a datagram arrives while it sleeps). */
    SocketThread owner();

    /**
     * sendmsg(2): queues a datagram of {@code length} bytes to ({@code address}, {@code port}); the protocol copies
     * them (from {@code data}, or unspecified bytes when {@code data} is null) and delivers them reliably and in
     * order per peer socket.
     *
     * @throws MessageException when the datagram cannot be sent: {@link org.hcasim.verbs.Errno#EAGAIN} while the
     *                          socket's send buffer is full (see {@link #writable()}), others for an unknown address,
     *                          a length the protocol refuses or a closed socket
     */
    void send(String address, int port, byte[] data, int length);

    /** recvmsg(2) with MSG_DONTWAIT: the oldest datagram that has arrived, or null when none has (EAGAIN). */
    ReceivedDatagram receive();

    /** Whether a datagram is waiting (what poll(2) reports as POLLIN). */
    boolean readable();

    /**
     * Whether sendmsg would accept a datagram now (POLLOUT): false while the datagrams sent and not yet acknowledged
     * by the peer fill the socket's send buffer.
     */
    boolean writable();

    /** close(2): the port is free again; datagrams still queued are dropped. */
    void close();
}
