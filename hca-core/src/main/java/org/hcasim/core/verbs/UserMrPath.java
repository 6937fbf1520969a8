package org.hcasim.core.verbs;

import java.util.List;
import java.util.Set;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.hw.FirmwareCommand;
import org.hcasim.core.mrcache.DeviceCommands;
import org.hcasim.core.mrcache.MkeyReceiver;
import org.hcasim.core.mrcache.MkeyStore;
import org.hcasim.core.mrcache.MrCache;
import org.hcasim.core.mrcache.UmrQueue;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.core.verbs.mkey.Mkey;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Priority;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.UserMrCallback;

/**
 * ib_reg_user_mr and ib_dereg_mr of user memory on one mlx5 device, in simulated time (mlx5_ib_reg_user_mr and
 * mlx5_ib_dereg_mr of Linux 5.x; docs/mr-cache.md).
 *
 * <p>Registration, in the calling thread's task: the system call, the driver's fixed work, pinning and DMA-mapping
 * every page (ib_umem_get), then an mkey from the device's {@link MrCache} for the registration's entry; on a miss
 * the thread issues a CREATE_MKEY and sleeps until its completion interrupt wakes it (create_cache_mr). It then
 * writes the translation and posts a UMR that loads it into the mkey (mlx5_ib_update_xlt, lists of at most
 * {@value #MAX_UMR_LIST_BYTES} bytes per UMR), sleeping until the UMR queue's completion wakes it. A registration
 * larger than the largest entry, or of an entry the cache does not keep, creates its mkey with the translation in
 * the command instead (reg_create), without a UMR. Deregistration revokes a cached mkey with a UMR and gives it
 * back to its entry, or destroys an uncached one with a command, then unpins the pages.
 *
 * <p>Every sleep costs the thread a context switch and the host's wake-up latency after the waking interrupt. The
 * path keeps what the registrations' time went to (the threads' CPU, waiting for commands, waiting for UMRs).
 */
final class UserMrPath implements MkeyStore<Mkey> {
    /** MLX5_MAX_UMR_CHUNK: the largest translation list one UMR loads (2^16 16-byte octowords less one alignment). */
    static final int MAX_UMR_LIST_BYTES = (1 << 20) - 64;
    /** MLX5_UMR_MTT_ALIGNMENT: UMR translation lists are written in units of 64 bytes (8 MTT entries). */
    static final int UMR_LIST_ALIGNMENT = 64;
    private static final String REGISTER = "reg_user_mr";
    private static final String DEREGISTER = "dereg_mr";

    private final SimRdmaDevice device;
    private final SimHost host;
    private final EventLoop loop;
    private final MrCache<Mkey> cache;
    private final UmrQueue umr;
    private final DeviceCommands commands;
    private final long syscallNs;
    private final long fixedNs;
    private final long pagePinNs;
    private final long pageMapNs;
    private final long pageUnpinNs;
    private final long contextSwitchNs;
    private final long wakeupNs;

    private final Stats stats = new Stats();

    /** What the registrations of this device did and where their time went, since the device was created. */
    static final class Stats {
        long registrations;
        long hits;
        long misses;
        long uncached;
        final Times registering = new Times();
        long deregistrations;
        final Times deregistering = new Times();
        /** Translation bytes of live cached MRs beyond their pages (oversized mkeys), and of uncached mkeys. */
        long oversizeBytes;
        long uncachedTableBytes;
    }

    /** Where the threads' time went: their own tasks (CPU, spinning included), sleeping on commands, on UMRs. */
    static final class Times {
        long threadNs;
        long commandWaitNs;
        long umrWaitNs;
    }

    UserMrPath(SimRdmaDevice device) {
        this.device = device;
        this.host = device.simHost();
        this.loop = host.simulation().loop();
        String prefix = device.name() + "/";
        this.commands = new DeviceCommands(host, device.hardware().firmware(), device.hardware().eventQueue(0));
        this.umr = new UmrQueue(host, device.hardware());
        this.cache = new MrCache<>(host, prefix + "mr-cache", device.hardware().params().mrCache(), commands, this,
                host.coreCount() - 1);
        CpuCosts c = host.cpuCosts();
        this.syscallNs = c.ns(CpuCosts.SYSCALL);
        this.fixedNs = c.ns(CpuCosts.REG_USER_MR);
        this.pagePinNs = c.ns(CpuCosts.PAGE_PIN);
        this.pageMapNs = c.ns(CpuCosts.PAGE_DMA_MAP);
        this.pageUnpinNs = c.ns(CpuCosts.PAGE_UNPIN);
        this.contextSwitchNs = c.ns(CpuCosts.CONTEXT_SWITCH);
        this.wakeupNs = c.ns(CpuCosts.WAKEUP_LATENCY);
    }

    MrCache<Mkey> cache() {
        return cache;
    }

    Stats stats() {
        return stats;
    }

    /** Pages of 4 KiB that {@code [iova, iova+length)} touches (ib_umem_num_dma_blocks with 4 KiB pages). */
    static long pages(long iova, long length) {
        return Math.floorDiv(iova + length - 1, 4096) - Math.floorDiv(iova, 4096) + 1;
    }

    @Override
    public Mkey created(int order) {
        Mkey k = device.keys().create(null, MrType.USER);
        k.cacheEntry(order - MrCache.FIRST_ORDER);
        return k;
    }

    @Override
    public void destroyed(Mkey mkey) {
        device.keys().destroy(mkey);
    }

    void register(SimProtectionDomain pd, long iova, long length, Set<AccessFlag> access, UserMrCallback done) {
        new Registration(pd, iova, length, access, done).start();
    }

    /** The timed ib_dereg_mr of a region registered here. */
    void deregister(SimMemoryRegion mr, Runnable done) {
        new Deregistration(mr, done).start();
    }

    /** ib_dereg_mr without simulated time: the mkey goes back to its entry (or is destroyed) at once. */
    void deregisterNow(SimMemoryRegion mr) {
        if (mr.mkey().cacheEntry() < 0) {
            device.firmwareCommand(FirmwareCommand.DESTROY_MKEY);
        }
        release(mr);
    }

    /**
     * The region is gone (its revoke or destroy is done): its mkey stops translating and goes back to its cache
     * entry, or leaves the key table when it did not come from the cache; the PD loses a user.
     */
    private void release(SimMemoryRegion mr) {
        stats.deregistrations++;
        long pages = mr.maxSg();
        Mkey k = mr.mkey();
        k.revoke();
        if (k.cacheEntry() >= 0) {
            stats.oversizeBytes -= cache.translationBytes(k.cacheEntry()) - 8 * pages;
            cache.giveBack(k.cacheEntry(), k);
        } else {
            stats.uncachedTableBytes -= 8 * pages;
            device.keys().destroy(k);
        }
        mr.simPd().release();
    }

    /**
     * A registering thread's work in thread tasks separated by sleeps on the device: each sleep ends with the
     * completion interrupt waking the thread, which runs again after the wake-up latency and a context switch.
     */
    private abstract class ThreadWork implements Runnable {
        final int core;
        private final Times times;
        private long segmentStart;
        private long sleptAt;
        private boolean onCommand;
        private boolean waking;
        private boolean asleep;

        ThreadWork(Times times) {
            this.times = times;
            this.core = host.currentCore();
            this.segmentStart = host.now();
        }

        /** The thread sleeps on a firmware command ({@code command}) or a UMR; ends its current task. */
        final void sleep(boolean command) {
            times.threadNs += host.now() - segmentStart;
            onCommand = command;
            sleptAt = host.now();
            asleep = true;
        }

        /** The thread's work is done: its last task ends here. */
        final void finished() {
            times.threadNs += host.now() - segmentStart;
        }

        /** The device finished what the thread sleeps on: called by the completion, in interrupt context. */
        final void wake() {
            waking = true;
            loop.at(host.now() + wakeupNs, this);
        }

        @Override
        public final void run() {
            if (waking) { // the wake-up latency has passed: the thread is scheduled on its core
                waking = false;
                host.run(core, Priority.THREAD, label(), this);
            } else if (asleep && host.currentPriority() == Priority.THREAD && host.currentCore() == core) {
                asleep = false;
                segmentStart = host.now();
                long slept = segmentStart - sleptAt;
                if (onCommand) {
                    times.commandWaitNs += slept;
                } else {
                    times.umrWaitNs += slept;
                }
                host.charge(contextSwitchNs);
                resumed();
            } else {
                completed();
            }
        }

        abstract String label();

        /** What the thread slept on finished (interrupt context); wakes the thread. */
        abstract void completed();

        /** The thread runs again, in its own task. */
        abstract void resumed();
    }

    /** One ib_reg_user_mr. */
    private final class Registration extends ThreadWork implements MkeyReceiver<Mkey> {
        private final SimProtectionDomain pd;
        private final long iova;
        private final long length;
        private final Set<AccessFlag> access;
        private final UserMrCallback done;
        private final long pages;
        private final int entry;
        private Mkey mkey;
        /** Translation bytes still to load by UMR; the thread finishes when a UMR completes with none left. */
        private long listLeft;
        private boolean loading;
        private boolean uncached;

        Registration(SimProtectionDomain pd, long iova, long length, Set<AccessFlag> access, UserMrCallback done) {
            super(stats.registering);
            this.pd = pd;
            this.iova = iova;
            this.length = length;
            this.access = Set.copyOf(access);
            this.done = done;
            this.pages = pages(iova, length);
            int e = MrCache.entryFor(pages);
            this.entry = cache.caches(e) ? e : -1;
            this.listLeft = (8 * pages + UMR_LIST_ALIGNMENT - 1) / UMR_LIST_ALIGNMENT * UMR_LIST_ALIGNMENT;
        }

        @Override
        String label() {
            return REGISTER;
        }

        void start() {
            stats.registrations++;
            host.charge(syscallNs + fixedNs + pages * (pagePinNs + pageMapNs));
            if (entry < 0) { // reg_create: the page list travels in the command, no UMR
                stats.uncached++;
                uncached = true;
                commands.submit(FirmwareCommand.CREATE_MKEY, 8 * pages, this);
                sleep(true);
                return;
            }
            mkey = cache.take(entry);
            if (mkey == null) {
                stats.misses++;
                cache.createForMiss(entry, this);
                sleep(true);
                return;
            }
            stats.hits++;
            loadTranslation();
        }

        @Override
        public void created(Mkey k) { // create_cache_mr returned
            mkey = k;
            wake();
        }

        @Override
        void completed() {
            if (uncached && mkey == null) { // reg_create returned
                mkey = device.keys().create(null, MrType.USER);
            }
            wake();
        }

        /** Posts the next UMR of the translation; the thread sleeps until it completes. */
        private void loadTranslation() {
            loading = true;
            int chunk = (int) Math.min(listLeft, MAX_UMR_LIST_BYTES);
            listLeft -= chunk;
            umr.post(chunk, this);
            sleep(false);
        }

        @Override
        void resumed() {
            if (!uncached && (listLeft > 0 || !loading)) {
                loadTranslation();
            } else {
                finish();
            }
        }

        private void finish() {
            mkey.assignPd(pd);
            SimProtectionDomain.installUserTranslation(mkey, iova, length, access);
            SimMemoryRegion mr = new SimMemoryRegion(pd, mkey, (int) Math.min(Integer.MAX_VALUE, pages))
                    .registeredBy(UserMrPath.this);
            if (uncached) {
                stats.uncachedTableBytes += 8 * pages;
            } else {
                stats.oversizeBytes += cache.translationBytes(mkey.cacheEntry()) - 8 * pages;
            }
            finished();
            done.registered(mr);
        }
    }

    /** One timed ib_dereg_mr. */
    private final class Deregistration extends ThreadWork {
        private final SimMemoryRegion mr;
        private final Runnable done;

        Deregistration(SimMemoryRegion mr, Runnable done) {
            super(stats.deregistering);
            this.mr = mr;
            this.done = done;
        }

        @Override
        String label() {
            return DEREGISTER;
        }

        void start() {
            host.charge(syscallNs);
            boolean cached = mr.mkey().cacheEntry() >= 0;
            if (cached) {
                umr.post(0, this); // revoke: the UMR disables the mkey
            } else {
                commands.submit(FirmwareCommand.DESTROY_MKEY, 0, this);
            }
            sleep(!cached);
        }

        @Override
        void completed() {
            wake();
        }

        @Override
        void resumed() {
            release(mr);
            host.charge(mr.maxSg() * pageUnpinNs);
            finished();
            done.run();
        }
    }

    /** Per-entry counters of the cache, for the run report. */
    List<List<Long>> cacheRows() {
        List<List<Long>> rows = new java.util.ArrayList<>();
        for (int e = 0; e < cache.entries(); e++) {
            rows.add(List.of((long) e, (long) cache.order(e), (long) cache.limit(e), (long) cache.available(e),
                    cache.total(e), (long) cache.pending(e), cache.misses(e)));
        }
        return rows;
    }
}
