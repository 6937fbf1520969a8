package org.hcasim.core.verbs;

import org.hcasim.core.testbed.VerbsTestbed;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.host.SimLock;
import org.hcasim.host.Priority;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.SharedReceiveQueue;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.SrqInit;
import org.hcasim.verbs.WorkRequest;
import org.junit.jupiter.api.Test;

/**
 * Posting to an SRQ takes its spin lock (mlx5_ib_post_srq_recv): the more cores repost receives to one SRQ, the
 * longer each hold (its line and the WQE, wrid and doorbell-record lines move from the core that held it) and the
 * longer the posters wait, while one SRQ per core keeps every hold local.
 */
class SrqLockContentionTest {
    private static final int POSTS_PER_CORE = 400;
    /** Each core reposts a receive every 400 ns, about the rate of a target core at 2.5 M I/Os per second. */
    private static final long PERIOD_NS = 400;

    private record LockStats(long meanHoldNs, long meanWaitNs) {
    }

    /** {@code cores} cores of one socket reposting to one shared SRQ, or each to its own when {@code perCore}. */
    private static LockStats run(int cores, boolean perCore) {
        VerbsTestbed tb = VerbsTestbed.builder().hosts("target").coresPerHost(24).build();
        SimHost host = tb.host("target");
        ProtectionDomain pd = tb.device("target").allocPd();
        SharedReceiveQueue[] srqs = new SharedReceiveQueue[perCore ? cores : 1];
        for (int i = 0; i < srqs.length; i++) {
            srqs[i] = pd.createSrq(new SrqInit(POSTS_PER_CORE * cores + 1, 1, 0));
        }
        long buffer = host.memory().allocate(4096, 4096);
        for (int c = 0; c < cores; c++) {
            SharedReceiveQueue srq = srqs[perCore ? c : 0];
            int core = c;
            for (int r = 0; r < POSTS_PER_CORE; r++) {
                host.timer(r * PERIOD_NS + core * PERIOD_NS / cores, core, "repost", () -> srq.postRecv(
                        new WorkRequest.Recv(List.of(new Sge(buffer, 4096, pd.localDmaLkey())), CompletionCallback.IGNORE)));
            }
        }
        tb.run();
        long hold = 0;
        long wait = 0;
        long uses = 0;
        for (SharedReceiveQueue srq : srqs) {
            SimLock lock = (SimLock) tb.simulation().resources().find("target/target/mlx5_0/srq" + srq.srqNum()).orElseThrow();
            hold += lock.busyNs();
            wait += lock.waitNs();
            uses += lock.uses();
        }
        return new LockStats(hold / uses, wait / uses);
    }

    @Test
    void oneSrqPerCoreKeepsEveryHoldLocalAndUncontended() {
        LockStats one = run(1, false);
        LockStats perCore = run(8, true);
        assertThat(perCore.meanHoldNs()).isEqualTo(one.meanHoldNs());
        assertThat(perCore.meanWaitNs()).isZero();
    }

    @Test
    void holdsAndWaitsOnOneSharedSrqGrowWithTheNumberOfCoresUsingIt() {
        LockStats one = run(1, false);
        assertThat(one.meanWaitNs()).isZero();
        LockStats previous = one;
        for (int cores : new int[] {2, 4, 8}) {
            LockStats s = run(cores, false);
            // once every handover comes from another core the hold stops growing; the waits keep growing
            assertThat(s.meanHoldNs()).as("hold with %d cores", cores).isGreaterThan(one.meanHoldNs())
                    .isGreaterThanOrEqualTo(previous.meanHoldNs());
            assertThat(s.meanWaitNs()).as("wait with %d cores", cores).isGreaterThan(previous.meanWaitNs());
            previous = s;
        }
    }
}
