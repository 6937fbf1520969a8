package org.hcasim.core.verbs;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqCreator;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.DeviceLimitException;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.RdmaDevice;
import org.hcasim.verbs.VerbsException;

/**
 * A device's shared CQ pools, one per poll context, as ib_cq_pool_get / ib_cq_pool_put keep them
 * (drivers/infiniband/core/cq.c): a get takes the first CQ of the pool, newest set first, on the wanted vector with
 * room for its entries ({@code cqe_used + nr_cqe <= cqe}) and claims them; when none has room, ib_alloc_cqs adds a set
 * of min(vectors, CPUs) CQs, one per vector, each of max(nr_cqe, IB_MAX_SHARED_CQ_SZ) entries capped by max_cqe, at
 * the head of the pool. A put gives the entries back; the CQs stay until the device goes. The claimed entries of a
 * CQ never exceed its capacity, so users that keep within their own nr_cqe cannot overflow it (an overflow that
 * happens anyway is the CQ's CQ_ERR, as for any CQ). Only CQs made by a creator of the same sharing key are shared
 * (docs/decisions.md, "shared CQ pool").
 */
final class SharedCqPool {
    /** IB_MAX_SHARED_CQ_SZ: the smallest CQ a pool allocates. */
    static final int SHARED_CQ_SIZE = 4096;

    private final SimRdmaDevice device;
    private final Map<PollContext, List<PooledCq>> pools = new EnumMap<>(PollContext.class);
    private final Map<CompletionQueue, PooledCq> byCq = new IdentityHashMap<>();

    /** One CQ of a pool and the entries its users claimed (cq->cqe_used). */
    private static final class PooledCq {
        final CompletionQueue cq;
        final Object sharingKey;
        final int capacity;
        int used;

        PooledCq(CompletionQueue cq, Object sharingKey, int capacity) {
            this.cq = cq;
            this.sharingKey = sharingKey;
            this.capacity = capacity;
        }
    }

    SharedCqPool(SimRdmaDevice device) {
        this.device = device;
    }

    CompletionQueue get(int nrCqe, int compVectorHint, PollContext pollContext, CqCreator creator) {
        check(nrCqe, compVectorHint, pollContext, creator);
        int vectors = vectorCount();
        int vector = compVectorHint == RdmaDevice.ANY_VECTOR
                ? PoolVectorCounters.of(device.simulation()).next(device.simHost(), vectors)
                : compVectorHint % vectors;
        Object key = creator.sharingKey();
        PooledCq found = find(pollContext, vector, nrCqe, key);
        if (found == null) {
            allocateSet(nrCqe, pollContext, creator, vectors);
            found = find(pollContext, vector, nrCqe, key);
        }
        found.used += nrCqe;
        return found.cq;
    }

    void put(CompletionQueue cq, int nrCqe) {
        PooledCq p = byCq.get(cq);
        if (p == null) {
            throw new VerbsException(Errno.EINVAL, device.name() + ": cqPoolPut of " + cq
                    + ", which is not a CQ of this device's shared pool");
        }
        if (nrCqe <= 0 || nrCqe > p.used) {
            throw new VerbsException(Errno.EINVAL, device.name() + ": cqPoolPut of " + nrCqe + " entries on " + cq
                    + ", which has " + p.used + " claimed");
        }
        p.used -= nrCqe;
    }

    /** Whether {@code cq} belongs to a pool of this device (ib_cq->shared). */
    boolean contains(CompletionQueue cq) {
        return byCq.containsKey(cq);
    }

    /** The entries claimed on a pool CQ (cqe_used). */
    int claimed(CompletionQueue cq) {
        PooledCq p = byCq.get(cq);
        return p == null ? 0 : p.used;
    }

    /** The CQs of the pool for {@code pollContext}, in the order a get searches them. */
    List<CompletionQueue> cqs(PollContext pollContext) {
        List<CompletionQueue> out = new ArrayList<>();
        for (PooledCq p : pools.getOrDefault(pollContext, List.of())) {
            out.add(p.cq);
        }
        return out;
    }

    /** min(num_comp_vectors, num_online_cpus()). */
    private int vectorCount() {
        return Math.min(device.attributes().numCompVectors(), device.simHost().coreCount());
    }

    private void check(int nrCqe, int hint, PollContext pollContext, CqCreator creator) {
        if (pollContext == PollContext.DIRECT) {
            throw new VerbsException(Errno.EINVAL, device.name() + ": cqPoolGet with the DIRECT poll context: a shared"
                    + " CQ is polled by the engine (SOFTIRQ or WORKQUEUE)");
        }
        if (nrCqe <= 0) {
            throw new VerbsException(Errno.EINVAL, device.name() + ": cqPoolGet of " + nrCqe + " entries (must be > 0)");
        }
        if (nrCqe > device.attributes().maxCqe()) {
            throw new DeviceLimitException(Errno.EINVAL, device.name() + ": cqPoolGet of " + nrCqe
                    + " entries, above the device's max CQE " + device.attributes().maxCqe(), "hca.verbs.max-cqe");
        }
        if (hint < RdmaDevice.ANY_VECTOR) {
            throw new VerbsException(Errno.EINVAL, device.name() + ": cqPoolGet with completion vector hint " + hint
                    + " (a vector >= 0, or -1 for any)");
        }
        if (creator == null) {
            throw new VerbsException(Errno.EINVAL, device.name() + ": cqPoolGet without a CQ creator");
        }
    }

    private PooledCq find(PollContext pollContext, int vector, int nrCqe, Object key) {
        for (PooledCq p : pools.getOrDefault(pollContext, List.of())) {
            if (p.cq.compVector() == vector && p.used + nrCqe <= p.capacity && p.sharingKey.equals(key)) {
                return p;
            }
        }
        return null;
    }

    /** ib_alloc_cqs: a CQ per vector, the new set ahead of the older ones (list_splice to the pool's head). */
    private void allocateSet(int nrCqe, PollContext pollContext, CqCreator creator, int vectors) {
        int size = Math.min(device.attributes().maxCqe(), Math.max(nrCqe, SHARED_CQ_SIZE));
        List<PooledCq> set = new ArrayList<>(vectors);
        for (int v = 0; v < vectors; v++) {
            CompletionQueue cq = creator.createCq(device, CqInit.of(size, v, pollContext));
            if (cq.device() != device || cq.compVector() != v || cq.pollContext() != pollContext
                    || cq.capacity() < size) {
                throw new VerbsException(Errno.EINVAL, device.name() + ": the CQ creator " + creator + " made " + cq
                        + " for the shared pool's " + size + " entries on vector " + v + ", " + pollContext);
            }
            if (cq instanceof SimCompletionQueue sim) {
                sim.markShared();
            }
            PooledCq p = new PooledCq(cq, creator.sharingKey(), cq.capacity());
            set.add(p);
            byCq.put(cq, p);
        }
        pools.computeIfAbsent(pollContext, c -> new ArrayList<>()).addAll(0, set);
    }
}
