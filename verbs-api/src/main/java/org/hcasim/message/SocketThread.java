package org.hcasim.message;

/**
 * A user thread of a program that uses sockets, as the kernel's scheduler and socket layer see it: it runs on
 * one core, and when it has nothing to do it sleeps in poll(2) until one of its sockets becomes readable.
 */
public interface SocketThread {

    String name();

    /** The core the thread runs on. */
    int core();

    /** Makes the thread runnable: its body runs as a thread-priority task on its core (once, if already runnable). */
    void start();

    /**
     * Ends the body's run as poll(2) on the thread's sockets does (one system call): if one of them is readable (or,
     * after a send failed with EAGAIN, writable again), the body runs again at once; otherwise the thread sleeps
     * until a datagram arrives on one of them or such a socket has room again. Called at the end of the body, from
     * the thread's own task.
     */
    void pollWait();

    /**
     * Ends the body's run without polling: the thread stays runnable and its body runs again at once, after what is
     * due on the simulation's clock meanwhile (a running thread is not descheduled: no system call, no switch). A
     * body that does a long turn in steps calls it between them, so that the time of each step's work is the time
     * its sends and receives happen, not the start of the turn.
     */
    void continueLater();

    /** Ends the thread: it runs no more and is not woken. */
    void stop();
}
