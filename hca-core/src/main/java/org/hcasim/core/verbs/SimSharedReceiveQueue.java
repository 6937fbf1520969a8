package org.hcasim.core.verbs;

import java.util.ArrayDeque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.hcasim.core.sim.CachedCost;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.host.SpinLock;
import org.hcasim.verbs.AsyncEventType;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.SharedReceiveQueue;
import org.hcasim.verbs.SrqInit;
import org.hcasim.verbs.VerbsException;
import org.hcasim.verbs.WorkRequest;

/**
 * A shared receive queue. Posting takes the SRQ's spin lock: with one SRQ per device every core's receive
 * reposting contends on it, which is what the srq-per-vector experiment measures.
 */
final class SimSharedReceiveQueue implements SharedReceiveQueue {
    private final SimProtectionDomain pd;
    private final SrqInit init;
    private final int srqNum;
    private final ArrayDeque<WorkRequest.Recv> receives = new ArrayDeque<>();
    private final Set<SimQueuePair> users = new LinkedHashSet<>();
    private final SpinLock lock;
    private final CachedCost wqeBuild;
    private final CachedCost doorbellMmio;
    private int limit;
    private boolean destroyed;

    SimSharedReceiveQueue(SimProtectionDomain pd, SrqInit init) {
        var attrs = pd.simDevice().attributes();
        if (init.maxWr() < 1 || init.maxWr() > attrs.maxSrqWr()) {
            throw new VerbsException(Errno.EINVAL, "createSrq: maxWr " + init.maxWr() + " outside 1.." + attrs.maxSrqWr());
        }
        if (init.maxSge() < 1 || init.maxSge() > attrs.maxSrqSge()) {
            throw new VerbsException(Errno.EINVAL, "createSrq: maxSge " + init.maxSge() + " outside 1.." + attrs.maxSrqSge());
        }
        if (init.limit() < 0 || init.limit() > init.maxWr()) {
            throw new VerbsException(Errno.EINVAL, "createSrq: limit " + init.limit() + " outside 0.." + init.maxWr());
        }
        this.pd = pd;
        this.init = init;
        this.srqNum = pd.simDevice().allocateSrqNum();
        this.limit = init.limit();
        this.wqeBuild = new CachedCost(pd.simDevice().host().cpuCosts(), CpuCosts.WQE_BUILD);
        this.doorbellMmio = new CachedCost(pd.simDevice().host().cpuCosts(), CpuCosts.DOORBELL_MMIO);
        this.lock = pd.simDevice().host().spinLock(pd.simDevice() + "/srq" + srqNum);
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
        boolean charged = host.inTask();
        if (charged) {
            lock.lock();
        }
        try {
            for (WorkRequest.Recv r : requests) {
                if (r.sgl().size() > init.maxSge()) {
                    throw new VerbsException(Errno.EINVAL, "postSrqRecv: " + r.sgl().size() + " SGEs, SRQ " + srqNum
                            + " allows " + init.maxSge());
                }
                if (receives.size() >= init.maxWr()) {
                    throw new VerbsException(Errno.ENOMEM, "postSrqRecv: SRQ " + srqNum + " is full ("
                            + init.maxWr() + " receives)");
                }
                if (charged) {
                    host.charge(wqeBuild.ns());
                }
                receives.add(r);
            }
            if (charged) {
                host.charge(doorbellMmio.ns());
            }
        } finally {
            if (charged) {
                lock.unlock();
            }
        }
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
