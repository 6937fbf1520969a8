package org.hcasim.message;

/**
 * A messaging protocol on one host: its sockets and the user threads that own them. Created by
 * {@link org.hcasim.spi.MessageProtocol#createEndpoint}; connections to peers are the protocol's business
 * (RDS sets one up on the first datagram to a peer).
 */
public interface MessageEndpoint {

    /** The address peers send to: the host's name. */
    String address();

    /**
     * A user thread pinned to {@code core} of this host. Its {@code body} runs as a thread-priority task each time
     * the thread is runnable: after {@link SocketThread#start()}, and after a readable socket woke it from
     * {@link SocketThread#pollWait()}.
     */
    SocketThread thread(String name, int core, Runnable body);

    /**
     * socket(2) + bind(2): a socket on {@code port} owned by {@code owner} (an arriving datagram wakes it).
     *
     * @throws MessageException EADDRINUSE-like ({@link org.hcasim.verbs.Errno#EEXIST}) when the port is bound,
     *                          EINVAL when it is outside 1..65535
     */
    MessageSocket bind(int port, SocketThread owner);
}
