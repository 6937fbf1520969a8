package org.hcasim.ulp.iser.initiator;

import org.hcasim.host.DataFaults;
import org.hcasim.host.Host;
import org.hcasim.ulp.iser.settings.InitiatorSettings;

/**
 * libiscsi's transport timer (iscsi_check_transport_timeouts) for one connection: nothing received for
 * noop_out_interval sends a NOP-Out ping; a ping unanswered for noop_out_timeout fails the connection. It runs only
 * when both settings are on and only in runs with faults (fault-free runs schedule nothing, so their outputs are those
 * of a build without pings).
 */
final class PingTimer {
    /** What the timer does to the session's connection. */
    interface Connection {
        /** Whether connection {@code generation} is still the session's and logged in. */
        boolean live(int generation);

        /** Sends a NOP-Out asking for a NOP-In. */
        void sendPing();

        /** Fails the connection: its ping was not answered. */
        void pingTimedOut(String why);
    }

    private final Host host;
    private final InitiatorSettings settings;
    private final Connection connection;
    /** libiscsi's last_recv, last_ping and ping_task (the NOP-Out outstanding). */
    private long lastRecvNs;
    private long lastPingNs;
    private boolean pingOutstanding;

    PingTimer(Host host, InitiatorSettings settings, Connection connection) {
        this.host = host;
        this.settings = settings;
        this.connection = connection;
    }

    /** iscsi_conn_start arms the timer for connection {@code generation} when pings are on. */
    void start(int generation) {
        if (!settings.pings() || host.dataFaults() == DataFaults.NONE) {
            return;
        }
        lastRecvNs = host.now();
        lastPingNs = host.now();
        pingOutstanding = false;
        host.timer(settings.noopOutIntervalNs(), 0, "iscsi transport timer", () -> check(generation));
    }

    /** A PDU arrived. */
    void received() {
        lastRecvNs = host.now();
    }

    /** The NOP-In answering the ping arrived, or the connection is gone. */
    void answered() {
        pingOutstanding = false;
    }

    private void check(int generation) {
        if (!connection.live(generation)) {
            return;
        }
        long now = host.now();
        if (pingOutstanding && now - lastPingNs >= settings.noopOutTimeoutNs()) {
            host.dataFaults().caught("iser NOP-Out ping timeout");
            connection.pingTimedOut(String.format("ping timeout of %d s expired, last rx at %d ms, last ping at %d ms, now %d ms",
                    settings.noopOutTimeoutNs() / 1_000_000_000L, lastRecvNs / 1_000_000, lastPingNs / 1_000_000,
                    now / 1_000_000));
            return;
        }
        long next;
        if (now - lastRecvNs >= settings.noopOutIntervalNs()) {
            if (!pingOutstanding) {
                pingOutstanding = true;
                lastPingNs = now;
                connection.sendPing();
            }
            next = lastPingNs + settings.noopOutTimeoutNs();
        } else {
            next = lastRecvNs + settings.noopOutIntervalNs();
        }
        // the timer looks again when the ping or the silence could next expire
        host.timer(Math.max(0, next - now), 0, "iscsi transport timer", () -> check(generation));
    }
}
