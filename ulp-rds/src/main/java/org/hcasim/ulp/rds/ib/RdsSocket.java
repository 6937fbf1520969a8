package org.hcasim.ulp.rds.ib;

import java.util.ArrayDeque;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.message.MessageException;
import org.hcasim.message.MessageSocket;
import org.hcasim.message.ReceivedDatagram;
import org.hcasim.message.SocketThread;
import org.hcasim.verbs.Errno;

/**
 * An RDS socket (struct rds_sock): bound to a port, owned by a thread; whole messages wait on its receive queue
 * (rs_recv_lock around it: {@link ListLock}) until the thread reads them.
 */
final class RdsSocket implements MessageSocket {
    private final RdsIbEndpoint endpoint;
    private final Host host;
    private final int port;
    private final RdsThread owner;
    private final ListLock lock;
    private final ArrayDeque<IncomingMessage> queue = new ArrayDeque<>();
    private final long sendLimit;
    /** The host's system-call cost, read once (a host's costs do not change during a run). */
    private final long syscallNs;
    private long unacknowledged;
    private boolean waitsToWrite;
    private boolean closed;

    RdsSocket(RdsIbEndpoint endpoint, Host host, int port, RdsThread owner) {
        this.endpoint = endpoint;
        this.host = host;
        this.port = port;
        this.owner = owner;
        this.lock = new ListLock(host);
        this.sendLimit = endpoint.settings().socketSndbuf() / 2; // rds_sk_sndbuf
        this.syscallNs = host.cpuCosts().ns(CpuCosts.SYSCALL);
        owner.own(this);
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public SocketThread owner() {
        return owner;
    }

    @Override
    public void send(String address, int toPort, byte[] data, int length) {
        requireOpen("sendmsg");
        try {
            endpoint.sendmsg(this, address, toPort, data, length);
            waitsToWrite = false;
        } catch (MessageException e) {
            waitsToWrite = e.errno() == Errno.EAGAIN;
            throw e;
        }
    }

    /** Whether the last sendmsg failed for a full send buffer, so poll waits for room (POLLOUT) too. */
    boolean waitsToWrite() {
        return waitsToWrite;
    }

    @Override
    public ReceivedDatagram receive() {
        requireOpen("recvmsg");
        host.charge(syscallNs);
        lock.around();
        IncomingMessage m = queue.poll();
        return m == null ? null : endpoint.recvmsg(m);
    }

    @Override
    public boolean readable() {
        return !queue.isEmpty();
    }

    /** Whether sendmsg would queue a message: the unacknowledged bytes are below half of sk_sndbuf. */
    @Override
    public boolean writable() {
        return unacknowledged < sendLimit;
    }

    long unacknowledgedBytes() {
        return unacknowledged;
    }

    /** sendmsg queued {@code bytes} more (rs_snd_bytes). */
    void queued(long bytes) {
        unacknowledged += bytes;
    }

    /** The peer acknowledged one of our messages: its bytes leave the send buffer. */
    void acknowledged(long bytes) {
        unacknowledged -= bytes;
    }

    /**
     * rds_send_remove_from_sock ends a run of this socket's messages with rds_wake_sk_sleep: the socket has one wait
     * queue for readers and writers, so a thread sleeping in poll is woken whatever it waits for and poll re-checks.
     */
    void sendBufferReleased() {
        lock.around(); // rds_wake_sk_sleep takes rs_recv_lock (for reading)
        owner.wake();
    }

    /** The core of the thread that owns the socket. */
    int ownerCore() {
        return owner.core();
    }

    /** rds_recv_incoming's queueing: the message waits for recvmsg; a sleeping owner is woken. */
    void arrived(IncomingMessage m) {
        lock.around();
        queue.add(m);
        owner.wake();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        while (!queue.isEmpty()) {
            endpoint.drop(queue.poll());
        }
        owner.disown(this);
        endpoint.close(this);
    }

    private void requireOpen(String call) {
        if (closed) {
            throw new MessageException(Errno.EINVAL, call + " on closed socket " + port);
        }
    }
}
