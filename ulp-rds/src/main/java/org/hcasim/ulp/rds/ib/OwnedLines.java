package org.hcasim.ulp.rds.ib;

import org.hcasim.host.Host;

/**
 * A few cache lines of one of a connection's kernel structures that code on several cores writes in turn (the
 * senders' rds_send_xmit, the send and receive tasklets): a core that touches them after another core wrote them
 * last fetches each (the host's {@code cacheline-transfer}, {@code -remote} across sockets) and becomes their
 * owner. Nothing is charged while one core keeps touching them, nor outside a task, nor when sharing is off.
 */
final class OwnedLines {
    private final Host host;
    private final int lines;
    private int owner = -1;

    /** @param lines the structure's lines the code touches, or 0 when the model leaves this sharing out */
    OwnedLines(Host host, int lines) {
        this.host = host;
        this.lines = lines;
    }

    /** The running core reads and writes the lines. */
    void touch() {
        if (lines == 0 || !host.inTask()) {
            return;
        }
        int core = host.currentCore();
        if (core != owner) {
            host.charge(lines * host.lineTransferNs(owner, core));
            owner = core;
        }
    }
}
