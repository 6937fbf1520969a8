package org.hcasim.ulp.rds.ib;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.Function;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.host.WorkQueue;
import org.hcasim.message.MessageEndpoint;
import org.hcasim.message.MessageEndpointContext;
import org.hcasim.message.MessageException;
import org.hcasim.message.MessageSocket;
import org.hcasim.message.ReceivedDatagram;
import org.hcasim.message.SocketThread;
import org.hcasim.spi.policy.CqPolicy;
import org.hcasim.ulp.rds.settings.RdsCosts;
import org.hcasim.ulp.rds.settings.RdsSettings;
import org.hcasim.ulp.rds.wire.ConnectPrivateData;
import org.hcasim.verbs.CmEvent;
import org.hcasim.verbs.CmId;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.RdmaDevice;

/**
 * RDS over IB on one host (the rds_rdma module with its rds_ib_device): the HCA's protection domain, the load of
 * each completion vector, the listener on the RDS port, the connections to each peer (one per connection index),
 * the bound sockets, and the socket layer's calls: sendmsg copies the data into pooled buffers and queues it on the
 * socket's connection; a whole incoming message goes to the socket bound to its destination port and wakes the
 * socket's thread; recvmsg copies it out and frees its fragments.
 */
public final class RdsIbEndpoint implements MessageEndpoint {
    /** RDS_PORT: the rdma_cm port RDS listens on. */
    static final int RDS_PORT = 18634;

    private final Host host;
    private final String address;
    private final RdsSettings settings;
    private final RdsCosts costs;
    /** The host's general costs the system calls charge, read once (a host's costs do not change during a run). */
    private final long syscallNs;
    private final double memcpyNsPerByte;
    private final double memcpyCachedNsPerByte;
    private final RdmaDevice device;
    private final ProtectionDomain pd;
    private final CqPolicy cqPolicy;
    private final BufferPool pool;
    private final int[] vectorLoad;
    private final Map<String, IbConnection[]> connections = new LinkedHashMap<>();
    private final Map<Integer, RdsSocket> sockets = new HashMap<>();
    private final Map<CmId, Consumer<CmEvent>> passive = new IdentityHashMap<>();
    private final java.util.List<RdsThread> threads = new java.util.ArrayList<>();
    private long undeliverable;

    public RdsIbEndpoint(MessageEndpointContext context, RdsSettings settings, CqPolicy cqPolicy) {
        this.host = context.host();
        this.address = context.address();
        this.settings = settings;
        this.costs = RdsCosts.of(host.cpuCosts());
        this.syscallNs = host.cpuCosts().ns(CpuCosts.SYSCALL);
        this.memcpyNsPerByte = host.cpuCosts().nsPerByte(CpuCosts.MEMCPY);
        this.memcpyCachedNsPerByte = host.cpuCosts().nsPerByte(MEMCPY_CACHED);
        this.cqPolicy = cqPolicy;
        if (host.devices().isEmpty()) {
            throw new IllegalArgumentException("host " + host.name() + " has no RDMA device for RDS");
        }
        this.device = host.devices().get(0);
        this.pd = device.allocPd();
        this.pool = new BufferPool(host.memory(), (int) settings.fragmentSize());
        this.vectorLoad = new int[device.attributes().numCompVectors()];
        device.connectionManager().listen(RDS_PORT, this::onListenEvent);
    }

    // ---------------------------------------------------------------- MessageEndpoint

    @Override
    public String address() {
        return address;
    }

    @Override
    public SocketThread thread(String name, int core, Runnable body) {
        if (core < 0 || core >= host.coreCount()) {
            throw new MessageException(Errno.EINVAL, "thread " + name + " on core " + core + ": host " + host.name()
                    + " has cores 0.." + (host.coreCount() - 1));
        }
        RdsThread thread = new RdsThread(host, name, core, body);
        threads.add(thread);
        return thread;
    }

    @Override
    public MessageSocket bind(int port, SocketThread owner) {
        if (port < 1 || port > 0xFFFF) {
            throw new MessageException(Errno.EINVAL, "bind to port " + port + ": ports are 1..65535");
        }
        if (sockets.containsKey(port)) {
            throw new MessageException(Errno.EEXIST, "bind to port " + port + " on " + address + ": already bound");
        }
        if (!(owner instanceof RdsThread thread)) {
            throw new MessageException(Errno.EINVAL, "the socket's owner must be a thread of this endpoint");
        }
        RdsSocket s = new RdsSocket(this, host, port, thread);
        sockets.put(port, s);
        return s;
    }

    // ---------------------------------------------------------------- the sockets' system calls

    /** Host cost of a copy whose source is in the core's cache ({@code host.cost.memcpy-cached-ns-per-byte}). */
    static final String MEMCPY_CACHED = "memcpy-cached";

    /** sendmsg(2) of {@code from}, in its thread's task. */
    void sendmsg(RdsSocket from, String to, int port, byte[] data, int length) {
        host.charge(syscallNs + costs.sendmsg());
        if (length < 0) {
            throw new MessageException(Errno.EINVAL, "sendmsg of " + length + " bytes");
        }
        if (port < 1 || port > 0xFFFF) {
            throw new MessageException(Errno.EINVAL, "sendmsg to port " + port + ": ports are 1..65535");
        }
        if (!from.writable()) {
            // rds_sendmsg allocates the message and copies the data in before rds_send_queue_rm finds the send
            // buffer full, then frees it: a refused call has paid the copy
            host.charge(CpuCosts.bytesNs(memcpyCachedNsPerByte, length));
            throw new MessageException(Errno.EAGAIN, "sendmsg on port " + from.port() + ": " + from.unacknowledgedBytes()
                    + " bytes await the peer's ACK (sndbuf " + settings.socketSndbuf() + ")");
        }
        IbConnection c = connection(to, from.port() % settings.connectionsPerPeer());
        if (c.state() == IbConnection.State.FAILED) {
            throw new MessageException(Errno.ECONNREFUSED, "sendmsg to " + to + ": " + c.failure());
        }
        int fragments = settings.fragments(length);
        long[] pages = new long[length == 0 ? 0 : fragments];
        int fragmentSize = pool.size();
        for (int i = 0; i < pages.length; i++) {
            pages[i] = pool.take();
            if (data != null) {
                int at = i * fragmentSize;
                host.memory().write(pages[i], data, at, Math.min(fragmentSize, length - at));
            }
        }
        // bcopy from the user's buffer, which the program has just written (cache-resident); recvmsg's copy reads
        // what the HCA wrote and pays the host's plain memcpy rate
        host.charge(CpuCosts.bytesNs(memcpyCachedNsPerByte, length));
        from.queued(length);
        c.send(new OutgoingMessage(from, port, length, pages, fragments));
    }

    /** recvmsg(2) of a message taken off a socket's queue, in its thread's task. */
    ReceivedDatagram recvmsg(IncomingMessage m) {
        // the incoming struct and each fragment's struct come from the tasklet's core that built the message
        long lines = (SharedLines.INCOMING + m.count) * host.lineTransferNs(m.receivedOn, host.currentCore());
        host.charge(costs.recvmsg() + CpuCosts.bytesNs(memcpyNsPerByte, m.header.length()) + lines);
        m.ring.readOn(host.currentCore());
        byte[] data = null;
        int length = m.header.length();
        if (host.memory().payloadReal()) {
            data = new byte[length];
            int fragmentSize = pool.size();
            for (int i = 0; i < m.count; i++) {
                int off = i * fragmentSize;
                host.memory().read(m.fragments[i], data, off, Math.min(fragmentSize, length - off));
            }
        }
        drop(m);
        return new ReceivedDatagram(m.fromAddress, m.header.sourcePort(), length, data);
    }

    void close(RdsSocket s) {
        sockets.remove(s.port(), s);
    }

    // ---------------------------------------------------------------- connections

    /** The connection to {@code peer} for connection index {@code path}; the first use starts connecting it. */
    private IbConnection connection(String peer, int path) {
        IbConnection[] paths = connections.computeIfAbsent(peer, p -> new IbConnection[settings.connectionsPerPeer()]);
        IbConnection c = paths[path];
        if (c == null) {
            c = new IbConnection(this, peer, path);
            paths[path] = c;
        }
        if (c.state() == IbConnection.State.DOWN) {
            c.connect();
        }
        return c;
    }

    /** CM events at the RDS port: peers' connection requests, then their ids' later events. */
    private void onListenEvent(CmEvent event) {
        if (event instanceof CmEvent.ConnectRequest r) {
            ConnectPrivateData data;
            try {
                data = ConnectPrivateData.decode(r.privateData());
            } catch (IllegalArgumentException e) {
                r.id().reject(new byte[0]);
                return;
            }
            if (data.path() < 0 || data.path() >= settings.connectionsPerPeer()) {
                r.id().reject(new byte[0]); // the peer opens more connections than we are configured for
                return;
            }
            String peer = r.id().remoteHost();
            IbConnection[] paths = connections.computeIfAbsent(peer, p -> new IbConnection[settings.connectionsPerPeer()]);
            if (paths[data.path()] == null) {
                paths[data.path()] = new IbConnection(this, peer, data.path());
            }
            paths[data.path()].incoming(r.id(), data);
            return;
        }
        Consumer<CmEvent> h = passive.get(event.id());
        if (h != null) {
            h.accept(event);
        }
    }

    /** Routes the later CM events of an accepted request to its connection. */
    void listenFor(CmId id, Consumer<CmEvent> handler) {
        passive.put(id, handler);
    }

    /** ibdev_get_unused_vector: the least-loaded completion vector, the highest-numbered among equals. */
    int takeVector() {
        int index = vectorLoad.length - 1;
        int min = vectorLoad[index];
        for (int i = vectorLoad.length - 1; i >= 0; i--) {
            if (vectorLoad[i] < min) {
                index = i;
                min = vectorLoad[i];
            }
        }
        vectorLoad[index]++;
        return index;
    }

    /** ibdev_put_vector. */
    void releaseVector(int vector) {
        vectorLoad[vector]--;
    }

    /** A whole message: to the socket bound to its destination port, else dropped (rds_recv_incoming). */
    void deliver(IncomingMessage m) {
        host.charge(costs.recvIncoming());
        RdsSocket s = sockets.get(m.header.destinationPort());
        if (s == null) {
            undeliverable++;
            drop(m);
            return;
        }
        // the socket's lines its owner's recvmsg and poll wrote last: rs_recv_lock, the receive queue and its
        // byte count, the wait queue
        host.charge(SharedLines.SOCKET * host.lineTransferNs(s.ownerCore(), host.currentCore()));
        s.arrived(m);
    }

    /** Frees a message's fragments to the pool. */
    void drop(IncomingMessage m) {
        for (int i = 0; i < m.count; i++) {
            pool.give(m.fragments[i]);
        }
    }

    // ---------------------------------------------------------------- for the connections and sockets


    Host host() {
        return host;
    }

    RdsSettings settings() {
        return settings;
    }

    RdsCosts costs() {
        return costs;
    }

    RdmaDevice device() {
        return device;
    }

    ProtectionDomain pd() {
        return pd;
    }

    CqPolicy cqPolicy() {
        return cqPolicy;
    }

    BufferPool pool() {
        return pool;
    }

    /** krdsd, RDS's single-threaded work queue (rds_wq, threads.c). */
    WorkQueue krdsd() {
        return host.workQueue("krdsd");
    }

    /** Why the first of this host's connections that failed did, or null when none did. */
    public String failedConnection() {
        for (IbConnection[] paths : connections.values()) {
            for (IbConnection c : paths) {
                if (c != null && c.state() == IbConnection.State.FAILED) {
                    return c.failure();
                }
            }
        }
        return null;
    }

    /** How many of its connections are in each state, e.g. "UP 30, CONNECTING 2" (for a stuck run's error). */
    public String connectionStates() {
        java.util.Map<IbConnection.State, Integer> n = new java.util.EnumMap<>(IbConnection.State.class);
        for (IbConnection[] paths : connections.values()) {
            for (IbConnection c : paths) {
                if (c != null) {
                    n.merge(c.state(), 1, Integer::sum);
                }
            }
        }
        StringBuilder b = new StringBuilder();
        n.forEach((state, count) -> b.append(b.isEmpty() ? "" : ", ").append(state).append(' ').append(count));
        return b.isEmpty() ? "none" : b.toString();
    }

    /** The connections to {@code peer} that exist, by index (null where none was opened). */
    IbConnection[] connectionsTo(String peer) {
        IbConnection[] c = connections.get(peer);
        return c == null ? new IbConnection[0] : c.clone();
    }

    /** Messages that arrived for a port nobody had bound. */
    public long undeliverable() {
        return undeliverable;
    }

    /** What all its connections' transmit paths met so far. */
    public TransmitCounts transmitCounts() {
        return sumOverConnections(IbConnection::transmitCounts, TransmitCounts.NONE, TransmitCounts::plus);
    }

    /** The events and completions of all its connections' CQs and its threads' wake-ups, so far. */
    public CqEventCounts eventCounts() {
        CqEventCounts sum = sumOverConnections(IbConnection::eventCounts, CqEventCounts.NONE, CqEventCounts::plus);
        long wakeups = 0;
        for (RdsThread t : threads) {
            wakeups += t.wakeups();
        }
        return sum.plus(new CqEventCounts(0, 0, 0, 0, wakeups));
    }

    private <T> T sumOverConnections(Function<IbConnection, T> count, T none, BinaryOperator<T> plus) {
        T sum = none;
        for (IbConnection[] paths : connections.values()) {
            for (IbConnection c : paths) {
                if (c != null) {
                    sum = plus.apply(sum, count.apply(c));
                }
            }
        }
        return sum;
    }

    /** Completion vectors in use by how many CQs, by vector. */
    public int[] vectorLoad() {
        return vectorLoad.clone();
    }
}
