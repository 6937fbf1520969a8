package org.hcasim.ulp.srp.initiator;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockInitiator;
import org.hcasim.block.PiType;
import org.hcasim.host.Host;
import org.hcasim.spi.policy.CqPolicy;
import org.hcasim.spi.policy.RegistrationPolicy;
import org.hcasim.ulp.srp.iu.ScsiCommands;
import org.hcasim.ulp.srp.iu.SrpResponse;
import org.hcasim.ulp.srp.settings.InitiatorSettings;
import org.hcasim.ulp.srp.settings.SrpAddress;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.RdmaDevice;

/**
 * The SRP initiator (ib_srp) for one target port: logs in its channels one after the other, channel i on
 * completion vector i % vectors, scans the LUNs over channel 0 (REPORT LUNS, then READ CAPACITY(16) per LUN) and
 * exposes a SCSI disk per LUN. A submitting core uses channel core % channels (blk-mq's CPU to hardware queue
 * map). Disks are named sdb, sdc, ... (sda being the host's own disk).
 *
 * <p>rport recovery as scsi_transport_srp and ib_srp do it (docs/faults.md): a QP error of any channel blocks the
 * rport (srp_start_tl_fail_timers) and starts three timers from the error: reconnect_delay (then srp_reconnect_work
 * tries every channel again, and again every reconnect_delay, x(failed attempts - 10) after ten failures, at most
 * x100), fast_io_fail_tmo (the I/Os fail with EIO, new ones too, while reconnects go on) and dev_loss_tmo (the rport
 * is removed: everything fails, no more reconnects). A reconnect that logs every channel in makes it run again.
 */
public final class SrpInitiator implements BlockInitiator {
    /** Bytes of REPORT LUNS data asked for: the header and 255 LUNs. */
    static final int REPORT_LUNS_BYTES = 8 + 8 * 255;

    private final Host host;
    private final SrpAddress target;
    private final InitiatorSettings settings;
    private final RegistrationPolicy registrationPolicy;
    private final CqPolicy cqPolicy;
    private final List<Channel> channels = new ArrayList<>();
    private final List<BlockDevice> devices = new ArrayList<>();
    private ProtectionDomain pd;
    private boolean started;
    /** Index of this initiator's first disk name: sdb (sda is the host's own disk). */
    private final int firstDisk = 1;

    /** The rport's states (enum srp_rport_state). */
    private enum Rport { RUNNING, BLOCKED, FAIL_FAST, LOST }
    private Rport rport = Rport.RUNNING;
    private boolean reconnectQueued;
    /** rport->failed_reconnects: attempts failed since it last ran. */
    private int failedReconnects;
    private org.hcasim.host.Cancellable fastIoFail;
    private org.hcasim.host.Cancellable devLoss;

    public SrpInitiator(Host host, SrpAddress target, InitiatorSettings settings, RegistrationPolicy registrationPolicy,
                        CqPolicy cqPolicy) {
        this.host = host;
        this.target = target;
        this.settings = settings;
        this.registrationPolicy = registrationPolicy;
        this.cqPolicy = cqPolicy;
    }

    Host host() {
        return host;
    }

    /** The channels, in login order (tests). */
    List<Channel> channels() {
        return List.copyOf(channels);
    }

    Channel channelFor(int core) {
        return channels.get(core % channels.size());
    }

    @Override
    public void connect(Runnable connected, Consumer<String> failed) {
        if (started) {
            throw new IllegalStateException("srp initiator: connect() was already called");
        }
        started = true;
        if (host.devices().isEmpty()) {
            host.run(0, org.hcasim.host.Priority.THREAD, "srp connect",
                    () -> failed.accept("srp initiator: host " + host.name() + " has no RDMA device"));
            return;
        }
        RdmaDevice device = host.devices().get(0);
        pd = device.allocPd();
        int count = settings.channels(host.coreCount());
        int vectors = device.attributes().numCompVectors();
        for (int i = 0; i < count; i++) {
            channels.add(new Channel(host, pd, settings, registrationPolicy, cqPolicy, i, i % vectors));
        }
        Consumer<String> failure = why -> failed.accept("srp initiator: " + why);
        channels.get(0).login(target.host(), target.serviceId(), () -> scanLuns(() -> loginRest(1, connected, failure), failure),
                failure);
    }

    private void loginRest(int next, Runnable connected, Consumer<String> failed) {
        if (next == channels.size()) {
            for (Channel ch : channels) {
                ch.recoverWith(this::qpError);
            }
            connected.run();
            return;
        }
        channels.get(next).login(target.host(), target.serviceId(), () -> loginRest(next + 1, connected, failed), failed);
    }

    private void scanLuns(Runnable done, Consumer<String> failed) {
        dataIn(0, ScsiCommands.reportLuns(REPORT_LUNS_BYTES), REPORT_LUNS_BYTES, "REPORT LUNS", failed, data -> {
            int luns = ScsiCommands.lunCount(data);
            if (luns < 1) {
                failed.accept("target " + target + " reports no LUNs");
                return;
            }
            readCapacity(0, luns, done, failed);
        });
    }

    private void readCapacity(int lun, int luns, Runnable done, Consumer<String> failed) {
        dataIn(lun, ScsiCommands.readCapacity16(), ScsiCommands.READ_CAPACITY_16_BYTES, "READ CAPACITY(16)", failed, data -> {
            long[] capacity = ScsiCommands.capacity(data);
            BlockFormat format = new BlockFormat((int) capacity[1], 0, PiType.NONE);
            devices.add(new LunDevice(diskName(firstDisk + lun), lun, format, capacity[0], this));
            if (lun + 1 < luns) {
                readCapacity(lun + 1, luns, done, failed);
            } else {
                done.run();
            }
        });
    }

    /** A SCSI command with data-in on channel 0, its data handed to {@code result} on GOOD status. */
    private void dataIn(int lun, byte[] cdb, int bytes, String what, Consumer<String> failed, Consumer<byte[]> result) {
        long buffer = host.memory().allocate(bytes, Channel.PAGE_SIZE);
        channels.get(0).submit(new SrpRequest(lun, cdb, false, buffer, bytes, (SrpResponse rsp, String failure) -> {
            byte[] data = new byte[bytes];
            host.memory().read(buffer, data, 0, bytes);
            host.memory().free(buffer);
            if (rsp == null || !rsp.ok()) {
                failed.accept(what + " of LUN " + lun + " failed: " + (rsp == null ? failure
                        : String.format("SCSI status 0x%02x", rsp.status())));
                return;
            }
            result.accept(data);
        }));
    }

    /** sd's disk names (sd_format_disk_name): sda..sdz, sdaa..sdzz, ...; index 0 is sda. */
    static String diskName(int index) {
        StringBuilder s = new StringBuilder();
        for (int i = index; i >= 0; i = i / 26 - 1) {
            s.insert(0, (char) ('a' + i % 26));
        }
        return "sd" + s;
    }

    @Override
    public List<BlockDevice> devices() {
        return List.copyOf(devices);
    }

    // ------------------------------------------------------------------ rport recovery

    /** Whether the rport is blocked, its commands off the wire waiting for a reconnect (fio's watchdog ignores it). */
    boolean blocked() {
        return rport == Rport.BLOCKED;
    }

    /** srp_handle_qp_err -> srp_start_tl_fail_timers. */
    private void qpError(String why) {
        if (rport == Rport.LOST) {
            return;
        }
        queueReconnect(settings.reconnectDelayNs());
        if (rport != Rport.RUNNING) {
            return; // already blocked or failed fast: the timers run
        }
        rport = Rport.BLOCKED;
        host.dataFaults().recoveryStep("srp rport blocks");
        for (Channel ch : channels) {
            ch.block();
        }
        fastIoFail = host.timer(settings.fastIoFailTmoNs(), 0, "srp fast_io_fail_tmo", this::fastIoFailExpired);
        devLoss = host.timer(settings.devLossTmoNs(), 0, "srp dev_loss_tmo", this::devLossExpired);
    }

    private void queueReconnect(long delayNs) {
        if (!reconnectQueued) {
            reconnectQueued = true;
            host.timer(delayNs, 0, "srp reconnect_work", this::reconnect);
        }
    }

    /** srp_reconnect_rport -> srp_rport_reconnect: terminate, replace and log in every channel, one after the other. */
    private void reconnect() {
        reconnectQueued = false;
        if (rport == Rport.LOST || rport == Rport.RUNNING) {
            return;
        }
        host.dataFaults().recoveryStep("srp reconnect attempts");
        for (Channel ch : channels) {
            ch.terminateForReconnect("reconnecting");
        }
        boolean[] over = {false};
        Consumer<String> failed = why -> {
            if (over[0]) return;
            over[0] = true;
            reconnectFailed();
        };
        channels.get(0).login(target.host(), target.serviceId(), () -> reloginRest(1, over, failed), failed);
    }

    private void reloginRest(int next, boolean[] over, Consumer<String> failed) {
        if (over[0]) {
            return;
        }
        if (next == channels.size()) {
            over[0] = true;
            reconnected();
            return;
        }
        channels.get(next).login(target.host(), target.serviceId(), () -> reloginRest(next + 1, over, failed), failed);
    }

    /** srp_reconnect_work after a failed attempt: again after reconnect_delay x min(100, max(1, failures - 10)). */
    private void reconnectFailed() {
        failedReconnects++;
        if (rport == Rport.LOST) {
            return;
        }
        queueReconnect(settings.reconnectDelayNs() * Math.min(100, Math.max(1, failedReconnects - 10)));
    }

    private void reconnected() {
        if (rport == Rport.LOST) {
            return;
        }
        for (Channel ch : channels) {
            if (ch.transportFailed()) { // a channel of this attempt failed meanwhile: the attempt did not make it
                reconnectFailed();
                return;
            }
        }
        rport = Rport.RUNNING;
        failedReconnects = 0;
        fastIoFail.cancel();
        devLoss.cancel();
        host.dataFaults().recovery("srp rport reconnects", true);
        for (Channel ch : channels) {
            ch.unblock();
        }
    }

    /** rport_fast_io_fail_timedout: the I/Os fail, the devices go offline; reconnects go on. */
    private void fastIoFailExpired() {
        if (rport != Rport.BLOCKED) {
            return;
        }
        rport = Rport.FAIL_FAST;
        host.dataFaults().recovery("srp rports failed fast after fast_io_fail_tmo", false);
        for (Channel ch : channels) {
            ch.failFast("rport failed fast: fast_io_fail_tmo (" + settings.fastIoFailTmoNs() / 1_000_000_000L
                    + " s) expired, rejecting I/O to offline device", "srp I/Os failed after fast_io_fail_tmo");
        }
    }

    /** rport_dev_loss_timedout -> srp_rport_delete: the target is removed. */
    private void devLossExpired() {
        if (rport == Rport.RUNNING) {
            return;
        }
        rport = Rport.LOST;
        host.dataFaults().recovery("srp rports removed after dev_loss_tmo", false);
        for (Channel ch : channels) {
            ch.failFast("rport removed after dev_loss_tmo (" + settings.devLossTmoNs() / 1_000_000_000L + " s, "
                    + failedReconnects + " reconnect attempts failed)", "srp I/Os failed after dev_loss_tmo");
        }
    }
}
