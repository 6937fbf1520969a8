package org.hcasim.core.verbs;

import java.util.ArrayDeque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.core.host.SimLock;
import org.hcasim.core.sim.CachedCost;
import org.hcasim.verbs.DeviceLimitException;
import org.hcasim.verbs.AsyncEventType;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.SharedReceiveQueue;
import org.hcasim.verbs.SrqInit;
import org.hcasim.verbs.VerbsException;
import org.hcasim.verbs.WorkRequest;

/**
 * A shared receive queue, with the locking of mlx5's: {@code mlx5_ib_post_srq_recv} takes the SRQ's spin lock
 * to link receives at its head, write their scatter entries and the doorbell record; the CQ poll path takes it
 * again to put a consumed WQE back at the tail ({@code mlx5_ib_free_srq_wqe} from {@code handle_responder}). Those
 * lines live in the cache of the core that held the lock last, so with one SRQ per device every core's receive
 * handling moves them between cores and sockets inside the lock (see {@code SimLock#lock(int)}), which caps the
 * SRQ and makes the waiters spin; with one SRQ per completion vector they stay on one core.
 */
final class SimSharedReceiveQueue implements SharedReceiveQueue {
    private final SimProtectionDomain pd;
    private final SrqInit init;
    private final int srqNum;
    private final ArrayDeque<WorkRequest.Recv> receives = new ArrayDeque<>();
    private final Set<SimQueuePair> users = new LinkedHashSet<>();
    private final SimLock lock;
    private final CachedCost wqeBuild;
    private final CachedCost queueLockHold;
    /** The HCA's read-ahead of this SRQ's linked list of WQEs. */
    private final SrqWqeChain wqes;
    /**
     * Line transfers a post waits for under the lock after the lock's own (which carries head, tail and wqe_ctr):
     * the head WQE, whose next index it loads (the load depends on head), with the wrid slot's store overlapping that
     * miss; then, after the wmb() that orders the WQE's stores before it, the doorbell record's store, a line the last
     * poster wrote. The unlock becomes visible only after those stores (x86 orders stores): two transfers in a row.
     */
    private static final int POST_LINES = 2;
    /** Line transfers freeing a WQE waits for after the lock's: the tail WQE's next-index. */
    private static final int FREE_LINES = 1;
    /**
     * Writes to fields in the lock's own line (struct mlx5_ib_srq keeps head, tail and wqe_ctr beside its lock): a
     * post writes head and wqe_ctr, a free writes tail. They cost a transfer each only while another core spins on the
     * lock ({@link SimLock#criticalSection(long, int, int)}).
     */
    private static final int POST_LOCK_LINE_WRITES = 2;
    private static final int FREE_LOCK_LINE_WRITES = 1;
    private int limit;
    private boolean destroyed;

    SimSharedReceiveQueue(SimProtectionDomain pd, SrqInit init) {
        var attrs = pd.simDevice().attributes();
        if (init.maxWr() > attrs.maxSrqWr()) {
            throw new DeviceLimitException(Errno.EINVAL, "createSrq: maxWr " + init.maxWr() + " outside 1.." + attrs.maxSrqWr(),
                    "hca.verbs.max-srq-wr");
        }
        if (init.maxSge() > attrs.maxSrqSge()) {
            throw new DeviceLimitException(Errno.EINVAL, "createSrq: maxSge " + init.maxSge() + " outside 1.." + attrs.maxSrqSge(),
                    "hca.verbs.max-srq-sge");
        }
        if (init.maxWr() < 1) {
            throw new VerbsException(Errno.EINVAL, "createSrq: maxWr " + init.maxWr() + " outside 1.." + attrs.maxSrqWr());
        }
        if (init.maxSge() < 1) {
            throw new VerbsException(Errno.EINVAL, "createSrq: maxSge " + init.maxSge() + " outside 1.." + attrs.maxSrqSge());
        }
        if (init.limit() < 0 || init.limit() > init.maxWr()) {
            throw new VerbsException(Errno.EINVAL, "createSrq: limit " + init.limit() + " outside 0.." + init.maxWr());
        }
        this.pd = pd;
        this.init = init;
        this.srqNum = pd.simDevice().allocateSrqNum();
        this.limit = init.limit();
        this.lock = pd.simDevice().simHost().spinLock(pd.simDevice() + "/srq" + srqNum);
        this.wqeBuild = new CachedCost(pd.simDevice().host().cpuCosts(), CpuCosts.WQE_BUILD);
        this.queueLockHold = new CachedCost(pd.simDevice().host().cpuCosts(), CpuCosts.QUEUE_LOCK_HOLD);
        var params = pd.simDevice().hardware().params();
        this.wqes = new SrqWqeChain(init.maxSge(), params.srqWqePrefetchDepth(), params.srqWqeFetchStallNs());
    }

    @Override
    public int srqNum() {
        return srqNum;
    }

    @Override
    public ProtectionDomain pd() {
        return pd;
    }

    SimProtectionDomain simPd() {
        return pd;
    }

    @Override
    public SrqInit init() {
        return init;
    }

    void attach(SimQueuePair qp) {
        users.add(qp);
    }

    void detach(SimQueuePair qp) {
        users.remove(qp);
    }

    @Override
    public void postRecv(List<WorkRequest.Recv> requests) {
        if (destroyed) {
            throw new VerbsException(Errno.EINVAL, "postSrqRecv on a destroyed SRQ " + srqNum);
        }
        Host host = pd.simDevice().host();
        for (WorkRequest.Recv r : requests) {
            if (r.sgl().size() > init.maxSge()) {
                throw new VerbsException(Errno.EINVAL, "postSrqRecv: " + r.sgl().size() + " SGEs, SRQ " + srqNum
                        + " allows " + init.maxSge());
            }
        }
        if (receives.size() + requests.size() > init.maxWr()) {
            throw new VerbsException(Errno.ENOMEM, "postSrqRecv: SRQ " + srqNum + " is full (" + init.maxWr()
                    + " receives)");
        }
        if (host.inTask()) {
            // per WR: link it at the head and write its scatter entries; then the index update, wmb and doorbell
            // record in host memory (an SRQ has no MMIO doorbell)
            lock.criticalSection(requests.size() * wqeBuild.ns() + queueLockHold.ns(), POST_LINES,
                    POST_LOCK_LINE_WRITES);
        }
        for (WorkRequest.Recv r : requests) {
            receives.add(r);
        }
    }

    /**
     * The CQ poll path reaped a receive completion of this SRQ: the consumed WQE goes back on the free list
     * under the SRQ's lock (mlx5_ib_free_srq_wqe). Outside a task (set-up, tests) nothing is charged.
     */
    void freeConsumed() {
        Host host = pd.simDevice().host();
        if (!host.inTask()) {
            return;
        }
        lock.criticalSection(queueLockHold.ns(), FREE_LINES, FREE_LOCK_LINE_WRITES);
    }

    /**
     * The HCA gave a SEND arriving at {@code t} the receive {@link #take} returned: when its WQE is on the HCA (the
     * SRQ is a linked list the HCA reads one WQE after the other, {@link SrqWqeChain}), the time the receive goes on.
     */
    long wqeOnHca(long t) {
        return wqes.take(t, receives.size(), pd.simDevice().dataPath());
    }

    /** The HCA takes the oldest receive (null when empty: the sender gets an RNR NAK). */
    WorkRequest.Recv take() {
        WorkRequest.Recv r = receives.poll();
        if (r != null && limit > 0 && receives.size() < limit) {
            int armedAt = limit;
            limit = 0; // the limit event fires once, then disarms
            pd.simDevice().raise(AsyncEventType.SRQ_LIMIT_REACHED, this, "SRQ " + srqNum + " has "
                    + receives.size() + " receives, below its armed limit " + armedAt);
        }
        return r;
    }

    @Override
    public int available() {
        return receives.size();
    }

    @Override
    public void armLimit(int newLimit) {
        if (newLimit < 0 || newLimit > init.maxWr()) {
            throw new VerbsException(Errno.EINVAL, "armLimit: " + newLimit + " outside 0.." + init.maxWr());
        }
        this.limit = newLimit;
    }

    @Override
    public void destroy() {
        if (!users.isEmpty()) {
            throw new VerbsException(Errno.EBUSY, "destroySrq: " + users.size() + " QPs still use SRQ " + srqNum);
        }
        if (!destroyed) {
            destroyed = true;
            pd.simDevice().srqReleased();
            pd.release();
        }
    }
}
