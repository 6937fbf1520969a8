/**
 * Message roles: what a messaging protocol (RDS) offers the programs that use it, in the shape of the socket
 * API. A protocol's {@link org.hcasim.spi.MessageProtocol} creates one {@link org.hcasim.message.MessageEndpoint}
 * per host (the loaded kernel module); programs (tools such as {@code rds-stress}) create
 * {@link org.hcasim.message.SocketThread}s on the host's cores and bind
 * {@link org.hcasim.message.MessageSocket}s to ports, then send datagrams to (address, port) and receive them.
 *
 * <p>Everything runs on the simulation's one thread, inside tasks on host cores: a socket call made from a
 * thread's body charges that thread's core the system call, the protocol's work and the copy of the data
 * (bcopy), as the kernel would. A thread that finds nothing to do sleeps in {@link
 * org.hcasim.message.SocketThread#pollWait()}; an arriving message wakes it (the waker pays the wake-up, the thread
 * runs after the host's wake-up latency and pays a context switch).
 */
package org.hcasim.message;
