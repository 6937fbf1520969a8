package org.hcasim.ulp.iser.target;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.block.BlockBackstores;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.BlockTarget;
import org.hcasim.host.Host;
import org.hcasim.spi.policy.CqPolicy;
import org.hcasim.spi.policy.RegistrationPolicy;
import org.hcasim.ulp.iser.pdu.IserCmHeader;
import org.hcasim.ulp.iser.settings.TargetSettings;
import org.hcasim.verbs.CmEvent;
import org.hcasim.verbs.CmId;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.RdmaDevice;

/**
 * The LIO iSCSI target with the isert transport: one iSER network portal on port 3260 of every RDMA device of its
 * host, and one target (IQN {@code iqn.2003-01.org.linux-iscsi.<host>:<namespace>}) per namespace of the testbed,
 * its LUN 0 on that namespace's backstore. Each connection request with a valid iSER CM header is accepted, its CQ
 * taken from the device's shared pool on the host's next vector (isert_create_qp: ib_cq_pool_get with hint -1).
 */
public final class IserTarget implements BlockTarget {
    private final Host host;
    private final String address;
    private final List<BlockNamespaceSpec> namespaces;
    private final TargetSettings settings;
    private final RegistrationPolicy registrationPolicy;
    private final CqPolicy cqPolicy;
    private final Map<String, TargetNode> nodes = new LinkedHashMap<>();
    private final Map<CmId, TargetConnection> connections = new IdentityHashMap<>();
    private final Map<RdmaDevice, ProtectionDomain> pds = new IdentityHashMap<>();
    private final List<String> log = new ArrayList<>();
    private int nextTsih = 1;
    private boolean started;

    public IserTarget(Host host, String address, List<BlockNamespaceSpec> namespaces, TargetSettings settings,
                      RegistrationPolicy registrationPolicy, CqPolicy cqPolicy) {
        if (namespaces.isEmpty()) {
            throw new IllegalArgumentException("iser target at " + address + ": a portal needs at least one LUN");
        }
        this.host = host;
        int colon = address.lastIndexOf(':');
        this.address = (colon < 0 ? address : address.substring(0, colon)) + ":3260";
        this.namespaces = List.copyOf(namespaces);
        this.settings = settings;
        this.registrationPolicy = registrationPolicy;
        this.cqPolicy = cqPolicy;
        String host0 = this.address.substring(0, this.address.lastIndexOf(':'));
        for (BlockNamespaceSpec ns : namespaces) {
            String iqn = "iqn.2003-01.org.linux-iscsi." + host0 + ":" + ns.name();
            nodes.put(iqn, new TargetNode(iqn, BlockBackstores.create(ns, host)));
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

    @Override
    public void start() {
        if (started) {
            throw new IllegalStateException("iser target at " + address + " was already started");
        }
        started = true;
        if (host.devices().isEmpty()) {
            throw new IllegalStateException("iser target: host " + host.name() + " has no RDMA device to listen on");
        }
        for (RdmaDevice device : host.devices()) {
            device.connectionManager().listen(3260, event -> onCmEvent(device, event));
        }
    }

    private void onCmEvent(RdmaDevice device, CmEvent event) {
        switch (event) {
            case CmEvent.ConnectRequest r -> {
                IserCmHeader flags;
                try {
                    flags = IserCmHeader.decode(r.privateData());
                } catch (IllegalArgumentException e) {
                    log("connect from " + r.id().remoteHost() + " refused: " + e.getMessage());
                    r.id().reject(new byte[IserCmHeader.BYTES]);
                    return;
                }
                ProtectionDomain pd = pds.computeIfAbsent(device, RdmaDevice::allocPd);
                TargetConnection c = new TargetConnection(this, pd, r.id(), flags);
                connections.put(r.id(), c);
                c.accept();
            }
            case CmEvent.Disconnected d -> {
                TargetConnection c = connections.remove(d.id());
                if (c != null) {
                    c.dropped("disconnected");
                    c.released();
                }
            }
            default -> { }
        }
    }

    Host host() {
        return host;
    }

    TargetSettings settings() {
        return settings;
    }

    RegistrationPolicy registrationPolicy() {
        return registrationPolicy;
    }

    CqPolicy cqPolicy() {
        return cqPolicy;
    }

    TargetNode node(String iqn) {
        return nodes.get(iqn);
    }

    List<TargetNode> nodes() {
        return List.copyOf(nodes.values());
    }

    int newTsih() {
        return nextTsih++;
    }

    /** What the target refused or dropped (for tests and diagnostics). */
    public List<String> log() {
        return List.copyOf(log);
    }

    void log(String message) {
        log.add(message);
    }
}
