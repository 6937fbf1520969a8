package org.hcasim.ulp.iser.initiator;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockInitiator;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.hcasim.spi.policy.CqPolicy;
import org.hcasim.spi.policy.RegistrationPolicy;
import org.hcasim.ulp.iser.pdu.TextParameters;
import org.hcasim.ulp.iser.scsi.Cdb;
import org.hcasim.ulp.iser.scsi.InquiryData;
import org.hcasim.ulp.iser.scsi.ReadCapacity16Data;
import org.hcasim.ulp.iser.scsi.ScsiProtection;
import org.hcasim.ulp.iser.settings.InitiatorSettings;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.ScatterEntry;

/**
 * The iSER initiator (open-iscsi's iscsiadm and iscsid with ib_iser): a discovery session to the target's portal
 * (SendTargets=All, then logout), a normal session with one connection to every target it lists, and on each
 * session LUN 0 scanned as sd does (INQUIRY for the PROTECT bit, READ CAPACITY(16) for the size, block length and
 * PI type), giving one disk per session: sda, sdb, ... Session i uses completion vector i % vectors.
 */
public final class IserInitiator implements BlockInitiator {

    private final Host host;
    private final String portalHost;
    private final InitiatorSettings settings;
    private final RegistrationPolicy policy;
    private final CqPolicy cqPolicy;
    private final boolean remoteInvalidation;
    private final String initiatorName;
    private ProtectionDomain pd;
    private final List<IserSession> sessions = new ArrayList<>();
    private ScsiDisk[] disks = new ScsiDisk[0];
    private boolean started;
    private boolean gaveUp;

    /**
     * @param remoteInvalidation whether the target may invalidate this initiator's STags with SEND_WITH_INV (ib_iser:
     *                           only when it registers every I/O, its always_register default)
     */
    public IserInitiator(Host host, String targetAddress, InitiatorSettings settings, RegistrationPolicy policy,
                         CqPolicy cqPolicy, boolean remoteInvalidation) {
        this.host = host;
        int colon = targetAddress.lastIndexOf(':');
        this.portalHost = colon < 0 ? targetAddress : targetAddress.substring(0, colon);
        this.settings = settings;
        this.policy = policy;
        this.cqPolicy = cqPolicy;
        this.remoteInvalidation = remoteInvalidation;
        this.initiatorName = "iqn.2005-03.org.open-iscsi:" + host.name();
    }

    public String initiatorName() {
        return initiatorName;
    }

    @Override
    public void connect(Runnable connected, Consumer<String> failed) {
        if (started) {
            throw new IllegalStateException("iser initiator: connect() was already called");
        }
        started = true;
        Consumer<String> once = why -> {
            if (!gaveUp) {
                gaveUp = true;
                failed.accept("iser initiator: " + why);
            }
        };
        if (host.devices().isEmpty()) {
            host.run(0, Priority.THREAD, "iscsid", () -> once.accept("host " + host.name() + " has no RDMA device"));
            return;
        }
        pd = host.devices().get(0).allocPd();
        IserSession discovery = session(null, 0);
        discovery.connect(() -> discovery.sendTargets(targets -> discovery.logout(() -> loginAll(targets, connected, once))),
                once);
    }

    private IserSession session(String targetName, int number) {
        return new IserSession(host, pd, settings, policy, cqPolicy, remoteInvalidation, initiatorName, portalHost,
                targetName, number);
    }

    private void loginAll(TextParameters sendTargets, Runnable connected, Consumer<String> failed) {
        List<String> names = sendTargets.all("TargetName");
        if (names.isEmpty()) {
            failed.accept("the portal " + portalHost + " lists no targets");
            return;
        }
        disks = new ScsiDisk[names.size()];
        int[] pending = {names.size()};
        for (int i = 0; i < names.size(); i++) {
            int index = i;
            IserSession s = session(names.get(i), i + 1);
            sessions.add(s);
            s.connect(() -> scan(s, index, () -> {
                if (--pending[0] == 0 && !gaveUp) {
                    connected.run();
                }
            }, failed), why -> failed.accept(names.get(index) + ": " + why));
        }
    }

    /** sd's probe of LUN 0: INQUIRY, then READ CAPACITY(16). */
    private void scan(IserSession s, int index, Runnable ready, Consumer<String> failed) {
        readControl(s, new Cdb.Inquiry(false, 0, InquiryData.BYTES), InquiryData.BYTES, s.targetName, failed, inquiry -> {
            InquiryData inq = InquiryData.decode(inquiry);
            readControl(s, new Cdb.ReadCapacity16(ReadCapacity16Data.BYTES), ReadCapacity16Data.BYTES, s.targetName,
                    failed, cap -> {
                        ReadCapacity16Data c = ReadCapacity16Data.decode(cap);
                        var type = inq.protect() ? c.protection() : org.hcasim.block.PiType.NONE;
                        disks[index] = new ScsiDisk(diskName(index), host, s, settings, c.blocks(), c.blockLength(), type);
                        ready.run();
                    });
        });
    }

    private void readControl(IserSession s, Cdb cdb, int bytes, String target, Consumer<String> failed,
                             Consumer<byte[]> result) {
        long buffer = host.memory().allocate(bytes, 64);
        ScsiTask t = new ScsiTask(cdb, true, false, List.of(new ScatterEntry(buffer, bytes)), List.of(),
                ScsiProtection.NONE, 0, 1, (task, r) -> {
                    byte[] data = new byte[bytes];
                    host.memory().read(buffer, data, 0, bytes);
                    host.memory().free(buffer);
                    if (!r.ok()) {
                        failed.accept(target + ": " + cdb.getClass().getSimpleName() + " failed: "
                                + (r.sense() != null ? r.sense().describe() : r.hostDetail()));
                        return;
                    }
                    try {
                        result.accept(data);
                    } catch (IllegalArgumentException e) {
                        failed.accept(target + ": " + e.getMessage());
                    }
                });
        s.queue(t);
    }

    /** sd's disk names: sda ... sdz, sdaa ... */
    static String diskName(int index) {
        StringBuilder b = new StringBuilder();
        int i = index;
        do {
            b.insert(0, (char) ('a' + i % 26));
            i = i / 26 - 1;
        } while (i >= 0);
        return "sd" + b;
    }

    @Override
    public List<BlockDevice> devices() {
        return List.of(disks);
    }

    /** The sessions in target order (for tests and reports). */
    List<IserSession> sessions() {
        return List.copyOf(sessions);
    }
}
