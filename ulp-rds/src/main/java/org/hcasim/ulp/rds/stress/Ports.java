package org.hcasim.ulp.rds.stress;

/**
 * The ports rds-stress binds: task {@code k}'s request and service sockets for connection index {@code j}. RDS
 * sends a socket's datagrams over connection (port mod connections), so the ports of index j are j modulo the
 * connection count; they start at 4000 (rds-stress's default port) rounded up to a multiple of it.
 */
final class Ports {
    static final int BASE = 4000;
    /** The highest port. */
    static final int LAST = 0xFFFF;

    private Ports() {
    }

    private static int base(int paths) {
        return (BASE + paths - 1) / paths * paths;
    }

    static int request(int task, int path, int paths) {
        return base(paths) + paths * (2 * task) + path;
    }

    static int service(int task, int path, int paths) {
        return base(paths) + paths * (2 * task + 1) + path;
    }

    /** The highest port {@code tasks} tasks over {@code paths} connections bind. */
    static long needed(long tasks, long paths) {
        return (BASE + paths - 1) / paths * paths + paths * 2 * tasks - 1;
    }

    /** The task whose socket has {@code port}. */
    static int task(int port, int paths) {
        return (port - base(paths)) / paths / 2;
    }
}
