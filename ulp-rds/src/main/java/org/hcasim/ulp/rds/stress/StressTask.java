package org.hcasim.ulp.rds.stress;

import org.hcasim.host.Host;
import org.hcasim.message.MessageEndpoint;
import org.hcasim.message.MessageException;
import org.hcasim.message.MessageSocket;
import org.hcasim.message.ReceivedDatagram;
import org.hcasim.message.SocketThread;
import org.hcasim.verbs.Errno;

/**
 * One rds-stress task (child process) on one host: a thread pinned to a core, and for every connection index a
 * request socket (sends requests, gets their acks) and a service socket (gets the peer tasks' requests, answers
 * each with an ack). Its loop receives everything that arrived, acknowledges the requests, keeps {@code depth}
 * requests outstanding to every peer task on every connection, then sleeps in poll until something arrives.
 *
 * <p>With {@code --instances} several rds-stress processes run side by side: a task belongs to one instance, talks
 * only to the peer instance's tasks and uses only its instance's connections (indices {@code instance * qps} ..).
 *
 * <p>rds-stress uses one socket per task and tells requests from acks by the header in their payload; hcasim
 * gives each task two sockets per connection instead, so that runs which do not store payload
 * ({@code sim.payload=elided}) can tell them apart too. Both sockets of a connection index use that connection.
 */
final class StressTask {
    private final Host host;
    private final RdsStressOptions options;
    private final int depth;
    private final String peer;
    private final int peerTasks;
    /** Connections of the instance; connection j of the instance is connection index firstPath + j. */
    private final int paths;
    private final int firstPath;
    /** Connections between the hosts, all instances: ports are laid out over them. */
    private final int allPaths;
    /** Host-wide index of the instance's first task: ports are per host-wide task. */
    private final int firstTask;
    private final boolean sends;
    private final SocketThread thread;
    private final MessageSocket[] requestSockets;
    private final MessageSocket[] serviceSockets;
    private final int[][] outstanding;
    private final long[][][] sentAt;
    private final int[][] oldest;
    /** Whether a request to the peer task on the connection has been acknowledged (the connection is up). */
    private final boolean[][] answeredOnce;
    private int pairsAnswered;
    private final long[][] nextSequence;
    private final long[][] expectedAck;
    private final java.util.Map<Long, long[]> expectedRequest = new java.util.HashMap<>();
    /** Acks a full send buffer refused, per connection: (peer port, request sequence), sent first next turn. */
    private final java.util.ArrayDeque<long[]>[] pendingAcks;
    final Counters counters = new Counters();
    private int currentDepth = 1;
    /** The next step of the current turn: reading connection i (i < paths), then sending on i - paths. */
    private int step;
    private final int core;

    /**
     * @param instance the rds-stress instance (process) the task belongs to
     * @param index    the task's index within its instance
     * @param sends    whether this task sends requests (both hosts do, except the passive one with -o)
     */
    StressTask(MessageEndpoint endpoint, Host host, RdsStressOptions options, int instance, int index, int core,
               String peer, boolean sends) {
        this.host = host;
        this.core = core;
        this.options = options;
        this.depth = options.depth();
        this.peer = peer;
        this.peerTasks = options.tasks();
        this.paths = options.qps();
        this.firstPath = instance * paths;
        this.allPaths = options.connections();
        this.firstTask = instance * options.tasks();
        this.sends = sends;
        this.thread = endpoint.thread("rds-stress-" + instance + "." + index, core, this::loop);
        this.requestSockets = new MessageSocket[paths];
        this.serviceSockets = new MessageSocket[paths];
        for (int j = 0; j < paths; j++) {
            requestSockets[j] = endpoint.bind(Ports.request(firstTask + index, firstPath + j, allPaths), thread);
            serviceSockets[j] = endpoint.bind(Ports.service(firstTask + index, firstPath + j, allPaths), thread);
        }
        this.outstanding = new int[peerTasks][paths];
        this.sentAt = new long[peerTasks][paths][depth];
        this.oldest = new int[peerTasks][paths];
        this.answeredOnce = new boolean[peerTasks][paths];
        this.nextSequence = new long[peerTasks][paths];
        this.expectedAck = new long[peerTasks][paths];
        @SuppressWarnings("unchecked")
        java.util.ArrayDeque<long[]>[] pending = new java.util.ArrayDeque[paths];
        for (int j = 0; j < paths; j++) {
            pending[j] = new java.util.ArrayDeque<>();
        }
        this.pendingAcks = pending;
    }

    void start() {
        thread.start();
    }

    /** The core the task's thread is pinned to. */
    int core() {
        return core;
    }

    /** Whether this task sends requests. */
    boolean sends() {
        return sends;
    }

    void stop() {
        thread.stop();
    }

    /** Lets every (peer task, connection) pair have up to {@code depth} requests outstanding (1 while connecting). */
    void fullDepth() {
        currentDepth = depth;
        thread.start(); // a sleeping task sends the rest now
    }

    /**
     * Whether every (peer task, connection) pair has seen a request acknowledged: all of this task's connections are
     * up. Counting round trips instead would let the connections that came up first, cycling at depth 1, stand in
     * for those still connecting (at 64 QPs the passive host's CM accepts them one after another for ~40 ms).
     */
    boolean connected() {
        return pairsAnswered == peerTasks * paths;
    }

    /**
     * One turn of the task's loop: what poll reported readable is read (recvmsg only on those sockets, until each
     * is empty) and the requests answered, connection by connection; then the outstanding counts are refilled,
     * connection by connection; then poll again. The turn runs in steps of one connection's reading or sending
     * (steps with nothing to do are taken in the same run): a turn over 64 connections can take milliseconds, and
     * run as one piece it would book all of its messages at its start, which a measured interval of a few turns
     * would count or miss whole.
     */
    private void loop() {
        while (step < 2 * paths) {
            int j = step % paths;
            boolean worked = step < paths ? receive(j) : sends && sendRequests(j);
            step++;
            if (worked && step < 2 * paths) {
                thread.continueLater();
                return;
            }
        }
        step = 0;
        thread.pollWait();
    }

    /** Reads connection {@code path}'s sockets and answers the requests; whether there was anything to do. */
    private boolean receive(int path) {
        boolean worked = !pendingAcks[path].isEmpty();
        flushAcks(path);
        if (serviceSockets[path].readable()) {
            worked = true;
            ReceivedDatagram d;
            while ((d = serviceSockets[path].receive()) != null) {
                answer(path, d);
            }
        }
        if (requestSockets[path].readable()) {
            worked = true;
            ReceivedDatagram d;
            while ((d = requestSockets[path].receive()) != null) {
                acknowledged(path, d);
            }
        }
        return worked;
    }

    /**
     * Keeps depth requests outstanding to every peer task on connection {@code path}, until the socket is full;
     * whether it sent or tried to.
     */
    private boolean sendRequests(int path) {
        boolean worked = false;
        for (int m = 0; m < peerTasks; m++) {
            while (outstanding[m][path] < currentDepth) {
                worked = true;
                if (!request(m, path)) {
                    return true; // EAGAIN: poll tells when acks have made room
                }
            }
        }
        return worked;
    }

    /** One request; false when the socket's send buffer is full. */
    private boolean request(int peerTask, int path) {
        long sequence = nextSequence[peerTask][path];
        int length = (int) options.reqBytes();
        byte[] data = options.verify() ? Pattern.fill(length, sequence) : null;
        long before = host.now();
        if (!send(requestSockets[path], peer, Ports.service(firstTask + peerTask, firstPath + path, allPaths), data,
                length, before)) {
            return false;
        }
        nextSequence[peerTask][path]++;
        counters.sendmsgNs += host.now() - before;
        counters.sendmsgCalls++;
        counters.requestsSent++;
        counters.requestBytesSent += length;
        int slot = (oldest[peerTask][path] + outstanding[peerTask][path]) % depth;
        sentAt[peerTask][path][slot] = host.now();
        outstanding[peerTask][path]++;
        return true;
    }

    /** sendmsg; false for EAGAIN (the call's time still counts, as rds-stress times every call). */
    private boolean send(MessageSocket socket, String address, int port, byte[] data, int length, long before) {
        try {
            socket.send(address, port, data, length);
            return true;
        } catch (MessageException e) {
            if (e.errno() != Errno.EAGAIN) {
                throw e;
            }
            counters.sendmsgNs += host.now() - before;
            counters.sendmsgCalls++;
            return false;
        }
    }

    /** A peer task's request: acknowledge it with ack-bytes, from the service socket back to its request socket. */
    private void answer(int path, ReceivedDatagram d) {
        counters.requestsReceived++;
        counters.requestBytesReceived += d.length();
        long sequence = 0;
        if (options.verify()) {
            long[] next = expectedRequest.computeIfAbsent(((long) d.fromPort() << 16) | path, k -> new long[1]);
            if (d.length() != options.reqBytes() || !Pattern.matches(d.data(), next[0])) {
                counters.verifyErrors++;
            }
            sequence = next[0]++; // the ack carries the request's sequence number
        }
        pendingAcks[path].add(new long[] {d.fromPort(), sequence});
        flushAcks(path);
    }

    /** Sends the acks owed on connection {@code path}, in order, until the socket's send buffer is full. */
    private void flushAcks(int path) {
        int length = (int) options.ackBytes();
        while (!pendingAcks[path].isEmpty()) {
            long[] a = pendingAcks[path].peek();
            byte[] data = options.verify() ? Pattern.fill(length, a[1]) : null;
            long before = host.now();
            if (!send(serviceSockets[path], peer, (int) a[0], data, length, before)) {
                return;
            }
            pendingAcks[path].poll();
            counters.sendmsgNs += host.now() - before;
            counters.sendmsgCalls++;
            counters.ackBytesSent += length;
            counters.acksSent++;
        }
    }

    /** An ack of one of our requests: the oldest outstanding request to that peer task on that connection. */
    private void acknowledged(int path, ReceivedDatagram d) {
        int peerTask = Ports.task(d.fromPort(), allPaths) - firstTask;
        if (peerTask < 0 || peerTask >= peerTasks || outstanding[peerTask][path] == 0) {
            counters.verifyErrors++; // an ack nobody waits for
            return;
        }
        counters.ackBytesReceived += d.length();
        counters.acksReceived++;
        long sequence = expectedAck[peerTask][path]++;
        if (options.verify() && (d.length() != options.ackBytes() || !Pattern.matches(d.data(), sequence))) {
            counters.verifyErrors++;
        }
        int slot = oldest[peerTask][path];
        if (!answeredOnce[peerTask][path]) {
            answeredOnce[peerTask][path] = true;
            pairsAnswered++;
        }
        counters.roundTrips++;
        counters.roundTripNs += host.now() - sentAt[peerTask][path][slot];
        oldest[peerTask][path] = (slot + 1) % depth;
        outstanding[peerTask][path]--;
    }
}
