package org.hcasim.core.verbs;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.hw.CqModeration;
import org.hcasim.core.hw.EventQueue;
import org.hcasim.core.hw.FirmwareCommand;
import org.hcasim.core.hw.ModerationMode;
import org.hcasim.core.sim.CachedCost;
import org.hcasim.core.sim.EventTarget;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Priority;
import org.hcasim.host.WorkQueue;
import org.hcasim.verbs.AsyncEventType;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.CqPeriodMode;
import org.hcasim.verbs.Moderation;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.RdmaDevice;
import org.hcasim.verbs.VerbsException;
import org.hcasim.verbs.WcOpcode;
import org.hcasim.verbs.WorkCompletion;

/**
 * A completion queue with its event logic: CQEs are added at the time the HCA wrote them; an armed CQ raises
 * an event (subject to moderation) that becomes a hard interrupt on the completion vector's core; SOFTIRQ and
 * WORKQUEUE CQs then poll in a soft-IRQ or a work item, run the per-WR callbacks and re-arm.
 */
final class SimCompletionQueue implements CompletionQueue, EventTarget {
    /** Event operation: the HCA's write of a CQE (the argument) has landed in host memory. */
    static final int CQE_WRITTEN = 0;
    /** Event operation: as {@link #CQE_WRITTEN}, for the receive of a SEND that asked for a solicited event. */
    static final int SOLICITED_CQE_WRITTEN = 1;
    /** IB_POLL_BATCH: CQEs one poll_cq call of the kernel's polling pass asks for. */
    static final int POLL_BATCH = 16;

    private final SimRdmaDevice device;
    private final CqInit init;
    private final ArrayDeque<WorkCompletion> queue = new ArrayDeque<>();
    private final Set<SimQueuePair> users = new LinkedHashSet<>();
    private final CqModeration moderation;
    private final int core;
    private boolean inError;
    private long lostCompletions;
    private boolean pollScheduled;
    /** How far the last polling pass reaps: a CQE written before this is found by that pass (its continuation). */
    private long passEndsAt = Long.MIN_VALUE;
    /** When the latest reaping last called poll_cq (read by a pass with poll batches). */
    private long lastPollAt;
    private boolean destroyed;
    /** A CQ of the device's shared pool (ib_cq->shared): given back with cqPoolPut, never destroyed by a user. */
    private boolean shared;
    private PollPassListener pollPassListener;
    private Moderation moderationInForce = Moderation.NONE;
    private final Runnable pollPass = this::pollPass;
    private final Runnable continuedPass = this::continuedPass;
    private final CachedCost softirqSchedule;
    private final CachedCost cqArm;
    private final CachedCost pollPerCqe;
    private WorkQueue completionWorkQueue;

    SimCompletionQueue(SimRdmaDevice device, CqInit init) {
        this.device = device;
        this.init = init;
        this.softirqSchedule = new CachedCost(device.host().cpuCosts(), CpuCosts.SOFTIRQ_SCHEDULE);
        this.cqArm = new CachedCost(device.host().cpuCosts(), CpuCosts.CQ_ARM);
        this.pollPerCqe = new CachedCost(device.host().cpuCosts(), CpuCosts.CQ_POLL_PER_CQE);
        EventQueue eq = device.hardware().eventQueue(init.compVector());
        this.core = eq.vector().core();
        this.moderation = new CqModeration(device.loop(), eq, this::completionEvent);
        // Kernel poll contexts arm the CQ at allocation; DIRECT CQs are armed by their user.
        if (init.pollContext() != PollContext.DIRECT) {
            moderation.arm();
        }
    }

    @Override
    public RdmaDevice device() {
        return device;
    }

    @Override
    public int capacity() {
        return init.cqe();
    }

    @Override
    public int compVector() {
        return init.compVector();
    }

    @Override
    public PollContext pollContext() {
        return init.pollContext();
    }

    @Override
    public int pending() {
        return queue.size();
    }

    /** Completions dropped because the CQ had overflowed (each one was reported by the CQ_ERR event). */
    long lostCompletions() {
        return lostCompletions;
    }

    /** Completion events raised so far (interrupts requested). */
    long events() {
        return moderation.eventsByCount() + moderation.eventsByPeriod();
    }

    void markShared() {
        shared = true;
    }

    void attach(SimQueuePair qp) {
        users.add(qp);
    }

    void detach(SimQueuePair qp) {
        users.remove(qp);
    }

    @Override
    public void onEvent(int op, Object arg) {
        switch (op) {
            case CQE_WRITTEN -> add((WorkCompletion) arg, false);
            case SOLICITED_CQE_WRITTEN -> add((WorkCompletion) arg, true);
            default -> throw EventTarget.unknown(this, op);
        }
    }

    /** The HCA writes a CQE (called at the CQE's write time). */
    void add(WorkCompletion wc) {
        add(wc, false);
    }

    /**
     * The HCA writes a CQE; {@code solicited} for the receive of a SEND that asked for a solicited event (an
     * error completion counts as solicited for solicited-only arming, as the IB spec requires).
     */
    void add(WorkCompletion wc, boolean solicited) {
        if (destroyed) {
            return;
        }
        if (inError) {
            lostCompletions++;
            return;
        }
        if (queue.size() >= init.cqe()) {
            inError = true;
            lostCompletions++;
            device.raise(AsyncEventType.CQ_ERR, this, "CQ overrun: " + init.cqe() + " completions pending, a "
                    + wc.opcode() + " completion (" + wc.status() + ") of QP 0x" + Integer.toHexString(wc.qp().qpNum())
                    + " did not fit");
            for (SimQueuePair qp : new ArrayList<>(users)) {
                qp.fatal("its CQ overflowed");
            }
            return;
        }
        queue.add(wc);
        long now = device.loop().now();
        if (now < passEndsAt) {
            continuePass();
            return;
        }
        moderation.cqeWritten(now, solicited || !wc.ok());
    }

    /** The CQ's comp_handler: hard-IRQ context on the vector's core (entry and exit charged by the vector). */
    private void completionEvent() {
        switch (init.pollContext()) {
            case DIRECT -> {
                if (init.eventHandler() != null) {
                    init.eventHandler().accept(this);
                }
            }
            case SOFTIRQ -> {
                device.host().charge(softirqSchedule.ns());
                schedulePoll();
            }
            case WORKQUEUE -> schedulePoll();
        }
    }

    private void schedulePoll() {
        if (pollScheduled) {
            return;
        }
        pollScheduled = true;
        if (init.pollContext() == PollContext.SOFTIRQ) {
            device.simHost().run(core, Priority.SOFT_IRQ, "cq-irq-poll", pollPass);
        } else {
            if (completionWorkQueue == null) {
                completionWorkQueue = device.host().workQueue("ib-comp-wq");
            }
            completionWorkQueue.queue(core, "cq-poll", pollPass);
        }
    }

    /**
     * A CQE written while a polling pass still runs (before its re-arm): the kernel's pass would reap it, through
     * its poll loop or the missed events its re-arm reports, so it continues on the same core without an
     * interrupt or a new dispatch and pays only another re-arm.
     */
    private void continuePass() {
        if (pollScheduled) {
            return;
        }
        pollScheduled = true;
        Priority priority = init.pollContext() == PollContext.SOFTIRQ ? Priority.SOFT_IRQ : Priority.THREAD;
        device.simHost().run(core, priority, "cq-poll-continued", continuedPass);
    }

    /** One polling pass of the kernel's ib_poll_handler / ib_cq_poll_work. */
    private void pollPass() {
        pass(false);
    }

    /** The rest of the pass before it, within the same kernel poll call (see {@link #continuePass}). */
    private void continuedPass() {
        pass(true);
    }

    private void pass(boolean continued) {
        pollScheduled = false;
        int budget = init.effectivePollBudget();
        int done = process(budget, pollPerCqe.ns());
        if (!continued) {
            reportPollPass(done);
        } else if (pollPassListener != null) {
            pollPassListener.passContinued(this, done, device.host().now());
        }
        if (done >= budget) {
            schedulePoll();
            return;
        }
        device.host().charge(cqArm.ns());
        moderation.arm();
        passEndsAt = device.simHost().cqPollBatches() ? lastPollAt : device.host().now();
        if (!queue.isEmpty()) {
            schedulePoll(); // IB_CQ_REPORT_MISSED_EVENTS
        }
    }

    @Override
    public boolean requestNotify(boolean solicited) {
        if (init.pollContext() != PollContext.DIRECT) {
            throw new VerbsException(Errno.EINVAL, "requestNotify on a " + init.pollContext()
                    + " CQ: the engine arms it itself");
        }
        if (device.host().inTask()) {
            device.host().charge(cqArm.ns());
        }
        moderation.arm(solicited);
        return !queue.isEmpty();
    }

    @Override
    public List<WorkCompletion> poll(int max) {
        List<WorkCompletion> out = new ArrayList<>(Math.min(max, queue.size()));
        long perCqe = device.host().inTask() ? pollPerCqe.ns() : 0;
        while (out.size() < max && !queue.isEmpty()) {
            WorkCompletion wc = queue.poll();
            reaped(wc, perCqe);
            out.add(wc);
        }
        return out;
    }

    @Override
    public int processDirect(int budget) {
        return process(budget, device.host().inTask() ? pollPerCqe.ns() : 0);
    }

    /**
     * Reaps up to {@code budget} CQEs and calls their callbacks, as __ib_process_cq does: poll_cq for up to
     * {@link #POLL_BATCH} CQEs, their callbacks, another poll after a full batch; notes when the last poll ran (what
     * a pass with {@code host.cq-poll-batches} reaps up to).
     */
    private int process(int budget, long perCqe) {
        int n = 0;
        lastPollAt = device.host().now();
        while (n < budget && !queue.isEmpty()) {
            WorkCompletion wc = queue.poll();
            reaped(wc, perCqe);
            n++;
            wc.request().done().done(wc);
            if (n % POLL_BATCH == 0) {
                lastPollAt = device.host().now();
            }
        }
        return n;
    }

    /** The driver's work per reaped CQE: parsing it, and for an SRQ receive freeing its WQE (mlx5_poll_one). */
    private void reaped(WorkCompletion wc, long perCqe) {
        if (perCqe > 0) {
            device.host().charge(perCqe);
        }
        if (wc.opcode() == WcOpcode.RECV && wc.qp() instanceof SimQueuePair qp && qp.srq() != null) {
            qp.srq().freeConsumed();
        }
    }

    @Override
    public void modifyModeration(Moderation m) {
        device.firmwareCommand(FirmwareCommand.MODIFY_CQ);
        configure(m);
    }

    /**
     * The command is submitted now and the caller does not wait on its core: mlx5_cmd_exec sleeps until the
     * command's completion event, so the core runs other work meanwhile (the synchronous form charges the wait as
     * polling). When the firmware has executed it the moderation takes effect and the sleeper, switched back in on
     * its core (a context switch), runs {@code applied}. Outside a task it is the synchronous form.
     */
    @Override
    public void modifyModeration(Moderation m, Runnable applied) {
        SimHost host = device.simHost();
        if (!host.inTask()) {
            modifyModeration(m);
            applied.run();
            return;
        }
        int caller = host.currentCore();
        long done = device.submitFirmwareCommand(FirmwareCommand.MODIFY_CQ);
        device.loop().at(done, () -> {
            if (destroyed) {
                return;
            }
            configure(m);
            host.run(caller, Priority.THREAD, "mlx5-cmd-done", () -> {
                host.charge(host.cpuCosts().ns(CpuCosts.CONTEXT_SWITCH));
                applied.run();
            });
        });
    }

    private void configure(Moderation m) {
        moderation.configure(m.count(), m.periodUs() * 1000L, m.mode() == CqPeriodMode.RESTART_ON_CQE
                ? ModerationMode.RESTART_ON_CQE : ModerationMode.START_ON_EVENT);
        moderationInForce = m;
    }

    @Override
    public Moderation moderation() {
        return moderationInForce;
    }

    @Override
    public int pollBudget() {
        return init.effectivePollBudget();
    }

    @Override
    public void setPollPassListener(PollPassListener listener) {
        this.pollPassListener = listener;
    }

    @Override
    public void reportPollPass(int completions) {
        if (completions < 0) {
            throw new VerbsException(Errno.EINVAL, "a polling pass cannot find " + completions + " completions");
        }
        if (pollPassListener != null) {
            pollPassListener.pollPass(this, completions, device.host().now());
        }
    }

    @Override
    public void destroy() {
        if (shared) { // ib_free_cq: WARN_ON_ONCE(cq->shared)
            throw new VerbsException(Errno.EINVAL, "destroyCq of " + this + ", a CQ of " + device.name()
                    + "'s shared pool: give it back with cqPoolPut");
        }
        if (!users.isEmpty()) {
            throw new VerbsException(Errno.EBUSY, "destroyCq: " + users.size() + " QPs still use this CQ");
        }
        if (!destroyed) {
            destroyed = true;
            device.firmwareCommand(FirmwareCommand.DESTROY_CQ);
            device.cqReleased();
        }
    }

    @Override
    public String toString() {
        return "CQ[" + init.cqe() + " on vector " + init.compVector() + ", " + init.pollContext() + "]";
    }
}
