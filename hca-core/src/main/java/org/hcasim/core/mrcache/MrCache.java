package org.hcasim.core.mrcache;

import org.hcasim.core.host.SimHost;
import org.hcasim.core.hw.FirmwareCommand;
import org.hcasim.core.hw.MrCacheParams;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.WorkQueue;

/**
 * The MR cache of one device, shaped like mlx5_ib's {@code mr_cache} (Linux 5.x, drivers/infiniband/hw/mlx5/mr.c):
 * entry i keeps free mkeys able to map 2^(i+2) pages, each entry behind its own spin lock.
 *
 * <p>Every look at an entry ({@link #visit}, a return, a creation's completion) ends with the refill decision of
 * queue_adjust_cache_locked: below the limit (low water) the entry starts refilling and keeps at it until its free
 * plus pending mkeys reach twice the limit (high water); above twice the limit it queues its shrinking. Refilling
 * runs on the cache's ordered work queue, one asynchronous CREATE_MKEY per run of the work (add_keys), at most
 * {@value #MAX_PENDING} in flight per entry; each completion (in the command interrupt) adds the mkey and decides
 * again. Shrinking destroys one surplus mkey per run, only when no entry is below its limit and nothing was added
 * for {@value #SHRINK_IDLE_SECONDS} s; otherwise it looks again that much later.
 *
 * <p>The cache starts full (2 x limit free mkeys per entry), as a driver loaded long before the workload leaves it.
 * An entry hands out the mkey it got last first (a returned or refilled one before older ones), as the array-based
 * entries of later kernels do; the 5.x list took the oldest, which makes no difference to timing.
 * The lookup policy decides which entries a registration may take from; a miss is the caller's to resolve with
 * {@link #createForMiss} (create_cache_mr).
 */
public final class MrCache<K> {
    /** Order of entry 0: 2^2 pages. */
    public static final int FIRST_ORDER = 2;
    /** MAX_PENDING_REG_MR. */
    public static final int MAX_PENDING = 8;
    static final long SHRINK_IDLE_SECONDS = 300;
    private static final long SECOND_NS = 1_000_000_000L;
    /** Shrinking waits this long after the last addition. */
    static final long SHRINK_IDLE_NS = SHRINK_IDLE_SECONDS * SECOND_NS;
    /** A surplus while creations are in flight is looked at again after a second. */
    static final long SURPLUS_RETRY_NS = SECOND_NS;

    private final SimHost host;
    private final String name;
    private final DeviceCommands commands;
    private final MkeyStore<K> store;
    private final MrCacheLookup lookup;
    private final String policy;
    private final WorkQueue workQueue;
    private final int workCore;
    private final long lockHoldNs;
    private final CacheEntry<K>[] entries;
    private long lastAdd = -SHRINK_IDLE_NS;
    private long created;
    private long destroyed;

    /**
     * @param name     prefixes the entries' lock names (e.g. {@code mlx5_0/mr-cache})
     * @param workCore the core the cache's work queue runs on
     */
    @SuppressWarnings("unchecked")
    public MrCache(SimHost host, String name, MrCacheParams params, DeviceCommands commands, MkeyStore<K> store,
                   int workCore) {
        this.host = host;
        this.name = name;
        this.commands = commands;
        this.store = store;
        this.policy = params.policy();
        this.lookup = MrCachePolicies.named(params.policy());
        this.workQueue = host.workQueue(name);
        this.workCore = workCore;
        this.lockHoldNs = host.cpuCosts().ns(CpuCosts.QUEUE_LOCK_HOLD);
        this.entries = new CacheEntry[MrCacheParams.ENTRIES];
        for (int i = 0; i < entries.length; i++) {
            CacheEntry<K> e = new CacheEntry<>(i, i + FIRST_ORDER, params.limit(i), host.spinLock(name + "/entry" + i));
            e.prefilled = 2 * e.limit;
            e.total = e.prefilled;
            e.work = () -> work(e);
            e.delayedWork = () -> {
                e.delayedWorkQueued = false;
                queueWork(e);
            };
            e.created = () -> refilled(e);
            e.destroyed = () -> shrunk(e);
            entries[i] = e;
        }
    }

    /**
     * The entry that serves a registration of {@code pages} pages: its order is order_base_2(pages) (the smallest
     * power of two that holds them), entry = order - 2, entry 0 below order 2; -1 when no entry is that large.
     */
    public static int entryFor(long pages) {
        if (pages < 1) {
            throw new IllegalArgumentException("a registration has at least one page, not " + pages);
        }
        int order = 64 - Long.numberOfLeadingZeros(pages - 1);
        int entry = Math.max(0, order - FIRST_ORDER);
        return entry < MrCacheParams.ENTRIES ? entry : -1;
    }

    /** Number of entries. */
    public int entries() {
        return entries.length;
    }

    /** The policy's name. */
    public String policy() {
        return policy;
    }

    /** True when {@code entry} exists and keeps mkeys (its limit is above 0). */
    public boolean caches(int entry) {
        return entry >= 0 && entry < entries.length && entries[entry].limit > 0;
    }

    /** The mkeys of entry {@code entry} can map 2^order pages. */
    public int order(int entry) {
        return entries[entry].order;
    }

    /** Bytes of translation entries an mkey of {@code entry} holds. */
    public long translationBytes(int entry) {
        return entries[entry].translationBytes;
    }

    /** Takes an mkey for a registration of {@code entry} as the policy allows, in the current task; null on a miss. */
    public K take(int entry) {
        return lookup.take(this, entry);
    }

    /**
     * After a miss: creates an mkey of {@code entry} synchronously (create_cache_mr), issued from the current task;
     * {@code receiver} gets it in the command's completion interrupt. It belongs to the entry but is not added to
     * its free list.
     */
    public void createForMiss(int entry, MkeyReceiver<K> receiver) {
        CacheEntry<K> e = entries[entry];
        commands.submit(FirmwareCommand.CREATE_MKEY, e.translationBytes, new MissCreation(e, receiver));
    }

    /** The completion of one creation after a miss. */
    private final class MissCreation implements Runnable {
        private final CacheEntry<K> entry;
        private final MkeyReceiver<K> receiver;

        MissCreation(CacheEntry<K> entry, MkeyReceiver<K> receiver) {
            this.entry = entry;
            this.receiver = receiver;
        }

        @Override
        public void run() {
            created++;
            entry.total++;
            lastAdd = host.now();
            receiver.created(store.created(entry.order));
        }
    }

    /**
     * mlx5_mr_cache_free: a deregistered mkey of {@code entry}, already revoked, goes back to its free list; in a
     * task under the entry's lock, outside one (set-up, teardown) at no cost.
     */
    public void giveBack(int entry, K mkey) {
        CacheEntry<K> e = entries[entry];
        boolean timed = host.inTask(); // outside a task (set-up, teardown) it takes no time
        if (timed) {
            e.lock.lock();
            host.charge(lockHoldNs);
        }
        e.free.addLast(mkey);
        lastAdd = host.now();
        queueAdjustLocked(e);
        if (timed) {
            e.lock.unlock();
        }
    }

    /**
     * For a lookup policy: locks entry {@code entry}, takes a free mkey if it has one, makes the refill decision
     * and unlocks; returns the mkey or null. Costs the lock and the work under it in the current task.
     */
    K visit(int entry) {
        CacheEntry<K> e = entries[entry];
        e.lock.lock();
        host.charge(lockHoldNs);
        K k = null;
        if (!e.free.isEmpty()) {
            k = e.free.pollLast();
        } else if (e.prefilled > 0) {
            e.prefilled--;
            k = store.created(e.order);
        }
        queueAdjustLocked(e);
        e.lock.unlock();
        return k;
    }

    /** For a lookup policy: a registration of {@code entry} found no mkey. */
    void countMiss(int entry) {
        entries[entry].misses++;
    }

    /** queue_adjust_cache_locked: the hysteresis between the limit and twice the limit. */
    private void queueAdjustLocked(CacheEntry<K> e) {
        int available = e.available();
        if (available < e.limit) {
            e.fillToHighWater = true;
            queueWork(e);
        } else if (e.fillToHighWater && available + e.pending < 2 * e.limit) {
            queueWork(e); // once filling, keep on until the high-water mark
        } else if (available == 2 * e.limit) {
            e.fillToHighWater = false;
        } else if (available > 2 * e.limit) {
            e.fillToHighWater = false;
            if (e.pending > 0) {
                queueDelayedWork(e, SURPLUS_RETRY_NS);
            } else {
                queueWork(e);
            }
        }
    }

    private void queueWork(CacheEntry<K> e) {
        if (!e.workQueued) {
            e.workQueued = true;
            workQueue.queue(workCore, e.label, e.work);
        }
    }

    private void queueDelayedWork(CacheEntry<K> e, long delayNs) {
        if (!e.delayedWorkQueued) {
            e.delayedWorkQueued = true;
            host.timer(delayNs, workCore, e.label, e.delayedWork);
        }
    }

    /** __cache_work_func: one asynchronous creation towards the high-water mark, or one step of shrinking. */
    private void work(CacheEntry<K> e) {
        e.workQueued = false;
        e.lock.lock();
        host.charge(lockHoldNs);
        int available = e.available();
        if (e.fillToHighWater && available + e.pending < 2 * e.limit) {
            if (e.pending >= MAX_PENDING) { // EAGAIN: a completion queues the work again
                e.lock.unlock();
                return;
            }
            e.pending++;
            e.lock.unlock();
            commands.submit(FirmwareCommand.CREATE_MKEY, e.translationBytes, e.created);
            return;
        }
        if (available > 2 * e.limit) {
            e.lock.unlock();
            if (someoneAdding() || host.now() - lastAdd < SHRINK_IDLE_NS) {
                queueDelayedWork(e, SHRINK_IDLE_NS);
                return;
            }
            shrinkOne(e);
            return;
        }
        e.lock.unlock();
    }

    /** remove_cache_mr: takes one free mkey off the entry and destroys it; the next decision follows the command. */
    private void shrinkOne(CacheEntry<K> e) {
        e.lock.lock();
        host.charge(lockHoldNs);
        if (e.prefilled > 0) {
            e.prefilled--;
        } else {
            store.destroyed(e.free.pollFirst());
        }
        e.total--;
        e.lock.unlock();
        commands.submit(FirmwareCommand.DESTROY_MKEY, 0, e.destroyed);
    }

    /** A shrinking DESTROY_MKEY completed (in the command interrupt). */
    private void shrunk(CacheEntry<K> e) {
        destroyed++;
        e.lock.lock();
        host.charge(lockHoldNs);
        queueAdjustLocked(e);
        e.lock.unlock();
    }

    /** An asynchronous creation completed (create_mkey_callback, in the command interrupt). */
    private void refilled(CacheEntry<K> e) {
        created++;
        K k = store.created(e.order);
        e.lock.lock();
        host.charge(lockHoldNs);
        e.free.addLast(k);
        e.total++;
        lastAdd = host.now();
        e.pending--; // before the decision, as later kernels do: otherwise the fill stops one short of 2 x limit
        queueAdjustLocked(e);
        e.lock.unlock();
    }

    /** someone_adding: an entry is below its limit. */
    private boolean someoneAdding() {
        for (CacheEntry<K> e : entries) {
            if (e.available() < e.limit) {
                return true;
            }
        }
        return false;
    }

    public int limit(int entry) {
        return entries[entry].limit;
    }

    /** Free mkeys of {@code entry} (available_mrs). */
    public int available(int entry) {
        return entries[entry].available();
    }

    /** Mkeys of {@code entry}, free or in use (total_mrs). */
    public long total(int entry) {
        return entries[entry].total;
    }

    /** Asynchronous creations of {@code entry} in flight. */
    public int pending(int entry) {
        return entries[entry].pending;
    }

    /** Registrations of {@code entry} that found no mkey. */
    public long misses(int entry) {
        return entries[entry].misses;
    }

    /** Mkeys the cache created (refills and creations after misses) and destroyed (shrinking) during the run. */
    public long createdDuringRun() {
        return created;
    }

    public long destroyedDuringRun() {
        return destroyed;
    }

    /** Translation entries, in bytes, held by every mkey of the cache, free or in use (ICM in host memory). */
    public long translationBytesHeld() {
        long sum = 0;
        for (CacheEntry<K> e : entries) {
            sum += e.total * e.translationBytes;
        }
        return sum;
    }
}
