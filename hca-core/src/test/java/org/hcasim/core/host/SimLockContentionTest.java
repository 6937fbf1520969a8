package org.hcasim.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Priority;
import org.junit.jupiter.api.Test;

/**
 * A spin lock shared by more cores costs more per acquisition: its line, and the lines written under it, move
 * from the last holder's cache (within a socket, then across), and the waiters spin for the longer holds.
 */
class SimLockContentionTest {
    private static final long LOCAL = 60;
    private static final long REMOTE = 130;
    private static final long WORK = 100;
    private static final int LINES = 3;
    private static final int ROUNDS = 200;

    /** Mean hold and mean wait per acquisition when {@code users} cores take the lock every {@code periodNs} each. */
    private static long[] run(int users) {
        return run(users, 500, true);
    }

    private static long[] run(int users, long periodNs) {
        return run(users, periodNs, true);
    }

    /** {@code spread}: users alternate between the sockets (cores 0, 12, 1, 13, ...); else cores 0, 1, 2, ... */
    private static long[] run(int users, long periodNs, boolean spread) {
        return run(users, periodNs, spread, 0);
    }

    /** {@code lockLineWrites}: writes each hold makes to fields in the lock's own line. */
    private static long[] run(int users, long periodNs, boolean spread, int lockLineWrites) {
        Simulation sim = new Simulation(1);
        Map<String, Long> ns = new HashMap<>(TestCosts.costs().perOperation());
        ns.put(CpuCosts.CACHELINE_TRANSFER, LOCAL);
        ns.put(CpuCosts.CACHELINE_TRANSFER_REMOTE, REMOTE);
        SimHost host = new SimHost(sim, "h", 24, 2, new CostTable(ns, TestCosts.costs().perByte()),
                new SparseHostMemory("h", PayloadMode.REAL));
        SimLock lock = host.spinLock("srq");
        // users spread over both sockets as the target's vectors are: cores 0, 12, 1, 13, ...
        for (int u = 0; u < users; u++) {
            int core = spread ? (u % 2) * 12 + u / 2 : u;
            for (int r = 0; r < ROUNDS; r++) {
                host.timer(r * periodNs + u * periodNs / users, core, "post", () -> lock.criticalSection(WORK, LINES, lockLineWrites));
            }
        }
        sim.loop().runUntil(() -> sim.loop().pending() == 0);
        return new long[] {lock.busyNs() / lock.uses(), lock.waitNs() / lock.uses()};
    }

    @Test
    void oneCoreNeverMovesTheLinesAndNeverWaits() {
        long[] one = run(1);
        assertThat(one[0]).isEqualTo(TestCosts.LOCK + WORK);
        assertThat(one[1]).isZero();
    }

    @Test
    void twoCoresOnTwoSocketsTakingTurnsOnAFreeLockPayHalfTheirHoldsARemoteTransferPerLine() {
        // free at each request: the line is with the other core half of the time (its share of the holds)
        long hold = run(2, 2000)[0];
        assertThat(hold).isBetween(TestCosts.LOCK + WORK + (1 + LINES) * REMOTE / 2 - 5, TestCosts.LOCK + WORK + (1 + LINES) * REMOTE / 2 + 5);
        assertThat(run(2, 2000)[1]).isZero();
    }

    @Test
    void aBusyLockIsHandedOverFromAnotherCoreWithOneMoreTransferOfItsLine() {
        // two cores asking every 500 ns for holds of ~600 ns: always busy, every hold comes from the other socket
        long hold = run(2, 500)[0];
        assertThat(hold).isBetween(TestCosts.LOCK + WORK + (2 + LINES) * REMOTE - 70, TestCosts.LOCK + WORK + (2 + LINES) * REMOTE);
    }

    @Test
    void writesToTheLocksOwnLineCostATransferEachOnlyWhileTheLockIsContended() {
        // free at each request (every 2 us): no waiter reads the line back, the writes are free
        assertThat(run(2, 2000, true, 2)[0]).isEqualTo(run(2, 2000, true, 0)[0]);
        // always busy, every hold from the other socket: two writes, two more remote transfers per hold
        long without = run(2, 500, true, 0)[0];
        long with = run(2, 500, true, 2)[0];
        assertThat(with - without).isBetween(2 * REMOTE - 10, 2 * REMOTE + 10);
    }

    @Test
    void crossingSocketsCostsMoreThanStayingOnOne() {
        assertThat(run(8, 500, true)[0]).isGreaterThan(run(8, 500, false)[0]);
    }

    @Test
    void holdsAndWaitsGrowWithTheNumberOfCoresOfOneSocketUsingTheLock() {
        long previousHold = 0;
        long previousWait = -1;
        for (int users : new int[] {1, 2, 4, 8, 12}) {
            long[] r = run(users, 500, false);
            assertThat(r[0]).as("hold with %d cores", users).isGreaterThanOrEqualTo(previousHold);
            assertThat(r[1]).as("wait with %d cores", users).isGreaterThan(previousWait);
            previousHold = r[0];
            previousWait = r[1];
        }
    }
}
