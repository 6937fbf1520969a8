package org.hcasim.ulp.srp.target;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.block.BlockBackstore;
import org.hcasim.block.BlockBackstores;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.BlockTarget;
import org.hcasim.host.Host;
import org.hcasim.spi.policy.CqPolicy;
import org.hcasim.spi.policy.SrqPolicy;
import org.hcasim.ulp.srp.settings.SrpAddress;
import org.hcasim.ulp.srp.iu.LoginReject;
import org.hcasim.ulp.srp.iu.LoginRequest;
import org.hcasim.ulp.srp.iu.LoginResponse;
import org.hcasim.ulp.srp.iu.SrpIu;
import org.hcasim.ulp.srp.settings.TargetSettings;
import org.hcasim.verbs.CmEvent;
import org.hcasim.verbs.CmId;
import org.hcasim.verbs.RdmaDevice;

/**
 * The SRP target (ib_srpt with one LIO target port and its LUNs): listens on every RDMA device of its host through
 * the RDMA CM, accepts a login whose SRP_LOGIN_REQ it can serve with an SRP_LOGIN_RSP granting {@link
 * TargetSettings#RQ_SIZE} credits (srpt's ch->rq_size), and refuses others with an SRP_LOGIN_REJ: an initiator IU
 * longer than srp_max_req_size, or a login without direct descriptors. Each channel's CQ comes from the device's
 * shared pool on the host's next completion vector (srpt_create_ch_ib: ib_cq_pool_get with hint -1). LUN i is
 * namespace i of the testbed.
 */
public final class SrpTarget implements BlockTarget {
    private final Host host;
    private final String address;
    private final SrpAddress listenAt;
    private final TargetSettings settings;
    private final SrqPolicy srqPolicy;
    private final CqPolicy cqPolicy;
    private final List<BlockNamespaceSpec> namespaces;
    private final List<BlockBackstore> luns = new ArrayList<>();
    private final List<TargetPort> ports = new ArrayList<>();
    private final Map<CmId, TargetChannel> channels = new IdentityHashMap<>();
    private final List<String> log = new ArrayList<>();
    private boolean started;

    public SrpTarget(Host host, String address, List<BlockNamespaceSpec> namespaces, TargetSettings settings,
                     SrqPolicy srqPolicy, CqPolicy cqPolicy) {
        if (namespaces.isEmpty() || namespaces.size() > 256) {
            throw new IllegalArgumentException("srp target at " + address + ": 1..256 LUNs, not " + namespaces.size());
        }
        this.host = host;
        this.address = address;
        this.listenAt = SrpAddress.parse(address);
        this.settings = settings;
        this.srqPolicy = srqPolicy;
        this.cqPolicy = cqPolicy;
        this.namespaces = List.copyOf(namespaces);
        for (BlockNamespaceSpec spec : namespaces) {
            luns.add(BlockBackstores.create(spec, host));
        }
    }

    @Override
    public String address() {
        return address;
    }

    @Override
    public List<BlockNamespaceSpec> namespaces() {
        return namespaces;
    }

    Host host() {
        return host;
    }

    TargetSettings settings() {
        return settings;
    }

    SrqPolicy srqPolicy() {
        return srqPolicy;
    }

    CqPolicy cqPolicy() {
        return cqPolicy;
    }

    /** LUN {@code lun}'s backstore, or null. */
    BlockBackstore lun(int lun) {
        return lun >= 0 && lun < luns.size() ? luns.get(lun) : null;
    }

    int lunCount() {
        return luns.size();
    }

    /** Receive-buffer memory the ports' receive queues commit now, in bytes. */
    public long receiveBufferBytes() {
        long sum = 0;
        for (TargetPort p : ports) {
            sum += p.receiveQueues().committedBytes();
        }
        return sum;
    }

    /** Logins the target refused and channels it dropped (tests, diagnostics). */
    public List<String> log() {
        return List.copyOf(log);
    }

    void log(String message) {
        log.add(message);
    }

    @Override
    public void start() {
        if (started) {
            throw new IllegalStateException("srp target at " + address + " was already started");
        }
        started = true;
        if (host.devices().isEmpty()) {
            throw new IllegalStateException("srp target: host " + host.name() + " has no RDMA device to listen on");
        }
        for (RdmaDevice device : host.devices()) {
            TargetPort port = new TargetPort(device, this);
            ports.add(port);
            device.connectionManager().listen(listenAt.serviceId(), event -> onCmEvent(port, event));
        }
    }

    private void onCmEvent(TargetPort port, CmEvent event) {
        switch (event) {
            case CmEvent.ConnectRequest r -> login(port, r);
            case CmEvent.Disconnected d -> {
                TargetChannel ch = channels.remove(d.id());
                if (ch != null) {
                    ch.disconnected();
                }
            }
            default -> { }
        }
    }

    /** srpt_cm_req_recv: check the SRP_LOGIN_REQ, then set up the channel and answer. */
    private void login(TargetPort port, CmEvent.ConnectRequest r) {
        LoginRequest req;
        try {
            req = LoginRequest.decode(r.privateData());
        } catch (IllegalArgumentException e) {
            reject(r, 0, LoginReject.UNABLE_ESTABLISH_CHANNEL, "login from " + r.id().remoteHost() + ": " + e.getMessage());
            return;
        }
        if (Integer.toUnsignedLong(req.reqItIuLen()) > settings.maxReqSize()) {
            reject(r, req.tag(), LoginReject.REQ_IT_IU_LENGTH_TOO_LARGE, "login from " + r.id().remoteHost()
                    + ": initiator IUs of " + Integer.toUnsignedLong(req.reqItIuLen()) + " bytes exceed srp_max_req_size "
                    + settings.maxReqSize());
            return;
        }
        if ((req.reqBufFmt() & (SrpIu.BUF_FORMAT_DIRECT | SrpIu.BUF_FORMAT_INDIRECT)) == 0) {
            reject(r, req.tag(), LoginReject.UNSUPPORTED_DESCRIPTOR_FORMAT, "login from " + r.id().remoteHost()
                    + ": no direct or indirect descriptors (buffer formats 0x" + Integer.toHexString(req.reqBufFmt()) + ")");
            return;
        }
        TargetChannel ch = new TargetChannel(port, r.id());
        channels.put(r.id(), ch);
        byte[] rsp = new LoginResponse(TargetSettings.RQ_SIZE, req.tag(), settings.maxReqSize(), TargetSettings.MAX_RSP_SIZE,
                SrpIu.BUF_FORMAT_DIRECT | SrpIu.BUF_FORMAT_INDIRECT, 0).encode();
        r.id().accept(ch.qp(), rsp);
    }

    private void reject(CmEvent.ConnectRequest r, long tag, int reason, String why) {
        log(why);
        r.id().reject(new LoginReject(reason, tag, SrpIu.BUF_FORMAT_DIRECT | SrpIu.BUF_FORMAT_INDIRECT).encode());
    }
}
