package org.hcasim.ulp.rds.ib;

import java.util.ArrayDeque;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.host.SpinLock;
import org.hcasim.message.MessageException;
import org.hcasim.message.MessageSocket;
import org.hcasim.message.ReceivedDatagram;
import org.hcasim.message.SocketThread;
import org.hcasim.verbs.Errno;

/**
 * An RDS socket (struct rds_sock): bound to a port, owned by a thread; whole messages wait on its receive queue
 * (under rs_recv_lock, which the receive tasklet and recvmsg both take) until the thread reads them.
 */
final class RdsSocket implements MessageSocket {
    private final RdsIbEndpoint endpoint;
    private final Host host;
    private final int port;
    private final RdsThread owner;
    private final SpinLock lock;
    private final ArrayDeque<IncomingMessage> queue = new ArrayDeque<>();
    private boolean closed;

    RdsSocket(RdsIbEndpoint endpoint, Host host, int port, RdsThread owner) {
        this.endpoint = endpoint;
        this.host = host;
        this.port = port;
        this.owner = owner;
        this.lock = host.spinLock("rds-sock-" + port + "-" + endpoint.nextSocketSerial());
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
        endpoint.sendmsg(this, address, toPort, data, length);
    }

    @Override
    public ReceivedDatagram receive() {
        requireOpen("recvmsg");
        host.charge(host.cpuCosts().ns(CpuCosts.SYSCALL));
        lock.lock();
        IncomingMessage m;
        try {
            m = queue.poll();
        } finally {
            lock.unlock();
        }
        return m == null ? null : endpoint.recvmsg(m);
    }

    @Override
    public boolean readable() {
        return !queue.isEmpty();
    }

    /** rds_recv_incoming's queueing: the message waits for recvmsg; a sleeping owner is woken. */
    void arrived(IncomingMessage m) {
        lock.lock();
        try {
            queue.add(m);
        } finally {
            lock.unlock();
        }
        owner.readable();
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
