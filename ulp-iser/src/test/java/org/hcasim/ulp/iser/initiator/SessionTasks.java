package org.hcasim.ulp.iser.initiator;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.host.Priority;
import org.hcasim.ulp.iser.IserPair;
import org.hcasim.ulp.iser.scsi.Cdb;
import org.hcasim.ulp.iser.scsi.ScsiProtection;
import org.hcasim.verbs.ScatterEntry;

/** Runs hand-made SCSI commands on a connected pair's sessions, below the disk: for tests of the protocol itself. */
final class SessionTasks {
    private final IserPair pair;

    SessionTasks(IserPair pair) {
        this.pair = pair;
    }

    IserSession session(int i) {
        return ((IserInitiator) pair.initiator).sessions().get(i);
    }

    /** Runs {@code task}'s command on session {@code i} from core 0; returns its result. */
    ScsiResult run(int i, Cdb cdb, boolean read, boolean write, List<ScatterEntry> data, List<ScatterEntry> meta,
                   ScsiProtection protection, long lba, int blockSize) {
        List<ScsiResult> out = new ArrayList<>();
        ScsiTask t = new ScsiTask(cdb, read, write, data, meta, protection, lba, blockSize, (task, r) -> out.add(r));
        pair.host.run(0, Priority.THREAD, "test task", () -> session(i).queue(t));
        pair.runBounded();
        if (out.size() != 1) {
            throw new AssertionError("expected one result, got " + out + "; target log " + pair.target.log());
        }
        return out.get(0);
    }

    /** A buffer in initiator memory holding {@code bytes}. */
    long buffer(byte[] bytes) {
        long at = pair.host.memory().allocate(bytes.length, 4096);
        pair.host.memory().write(at, bytes, 0, bytes.length);
        return at;
    }

    byte[] read(long at, int length) {
        byte[] b = new byte[length];
        pair.host.memory().read(at, b, 0, length);
        return b;
    }
}
