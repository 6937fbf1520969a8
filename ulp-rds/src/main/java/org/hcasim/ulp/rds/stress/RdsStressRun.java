package org.hcasim.ulp.rds.stress;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import org.hcasim.host.Host;
import org.hcasim.message.MessageEndpoint;
import org.hcasim.spi.CustomWorkload;
import org.hcasim.spi.RunReport;
import org.hcasim.spi.SimulatedTestbed;
import org.hcasim.ulp.rds.ib.CqEventCounts;
import org.hcasim.ulp.rds.ib.TransmitCounts;
import org.hcasim.ulp.rds.ib.RdsIbEndpoint;

/**
 * rds-stress on a testbed: the first host is the active side, the second the passive one; each runs the tasks of
 * every instance (pinned to the cores after the completion vectors' cores, where Linux's scheduler finds idle CPUs
 * while the vectors' cores run the soft interrupts). The run connects first (one request per task pair and connection),
 * then runs at full depth for the warm-up, then measures {@code intervals} intervals, each one line of the report.
 *
 * <p>One object runs one simulation (its result is kept for the report).
 */
public final class RdsStressRun implements CustomWorkload {

    /** Simulated time connections may take to come up before the run is declared stuck. */
    static final long CONNECT_TIMEOUT_NS = 2_000_000_000L;

    /**
     * The measured intervals of the active host (all instances), each active instance's counters over them, and the
     * passive host's totals; {@code tasks} is per instance.
     */
    public record Result(List<Interval> intervals, List<Counters> instanceTotals, Counters passiveTotal, int tasks,
                         String connectionLost) {
        /** The active host's counters over all intervals. */
        Counters total() {
            Counters sum = new Counters();
            intervals.forEach(i -> sum.add(i.counters()));
            return sum;
        }

        long lengthNs() {
            return intervals.stream().mapToLong(Interval::lengthNs).sum();
        }

        /** The mean of the intervals' CPU shares (rds-stress averages its per-second figures). */
        double meanCpuPercent() {
            return intervals.stream().mapToDouble(Interval::cpuPercent).average().orElse(0);
        }
    }

    /** One interval of the active host: its counters and CPU busy time. */
    public record Interval(long lengthNs, Counters counters, double cpuPercent) {
    }

    private final RdsStressOptions options;
    private final long warmupNs;
    private final long intervalNs;
    private final int intervals;
    /** Round trips the warm-up and the measurement each span at least; 0: the fixed lengths only. */
    private final int roundTrips;
    private final long maxSettleNs;
    private Result last;
    private CoreLoads loads;
    /** Both hosts' CQ events and wake-ups over the measured intervals, and their length. */
    private CqEventCounts events;
    /** Both hosts' transmit contention over the measured intervals. */
    private TransmitCounts transmit = TransmitCounts.NONE;
    private long eventsNs;

    /**
     * @param warmupNs   simulated time at full depth before measuring (DIM settles, rings fill)
     * @param intervalNs length of one reported interval (rds-stress: one second)
     * @param intervals  intervals measured
     */
    public RdsStressRun(RdsStressOptions options, long warmupNs, long intervalNs, int intervals) {
        this(options, warmupNs, intervalNs, intervals, 0, 0);
    }

    private RdsStressRun(RdsStressOptions options, long warmupNs, long intervalNs, int intervals, int roundTrips,
                         long maxSettleNs) {
        this.options = options;
        this.warmupNs = warmupNs;
        this.intervalNs = intervalNs;
        this.intervals = intervals;
        this.roundTrips = roundTrips;
        this.maxSettleNs = maxSettleNs;
    }

    /**
     * A run whose warm-up lasts at least {@code warmupNs}, its single measured interval at least {@code measureNs},
     * and each at least {@code roundTrips} round trips (at most {@code maxNs} each). With thousands of requests outstanding a round trip
     * takes longer than any fixed window: at 8 QPs x 16 tasks ~15 ms, so a 12 ms window after an 8 ms warm-up caught
     * the queues still filling and gave +-12 % from seed to seed.
     */
    public static RdsStressRun settling(RdsStressOptions options, long warmupNs, long measureNs, int roundTrips,
                                        long maxNs) {
        if (roundTrips < 1 || warmupNs <= 0 || measureNs <= 0 || maxNs < Math.max(warmupNs, measureNs)) {
            throw new IllegalArgumentException("rds-stress settling run needs roundTrips >= 1 and 0 < warm-up, interval"
                    + " <= max, got " + roundTrips + ", " + warmupNs + ", " + measureNs + ", " + maxNs);
        }
        return new RdsStressRun(options, warmupNs, measureNs, 1, roundTrips, maxNs);
    }

    @Override
    public Map<String, Double> run(SimulatedTestbed testbed) {
        last = execute(testbed);
        return metrics(last);
    }

    /** Names what bounded the last run: the busiest cores and what ran on them (docs/rds.md). */
    @Override
    public RunReport annotate(RunReport report) {
        if (loads == null) {
            return report;
        }
        int outstanding = options.depth() * options.tasks() * options.qps();
        return report.withBoundBy(loads.sentence(outstanding, metrics(last).get("rtt_us")) + "; " + eventSentence());
    }

    /** Events per millisecond and completions per event of both hosts' CQs: what moderation could save. */
    private String eventSentence() {
        if (eventsNs == 0) {
            return "no interval measured";
        }
        double ms = eventsNs / 1e6;
        return String.format(java.util.Locale.ROOT, "CQ events of both hosts: receive %.0f/ms with %.1f completions"
                + " each, send %.0f/ms with %.1f each; %.0f thread wake-ups/ms", events.receiveEvents() / ms,
                events.receiveCompletionsPerEvent(), events.sendEvents() / ms, events.sendCompletionsPerEvent(),
                events.wakeups() / ms) + transmitSentence(ms);
    }

    /** RDS_IN_XMIT, krdsd and cp_lock over the measured interval; nothing while the contention keys are off. */
    private String transmitSentence(double ms) {
        if (!transmit.any()) {
            return "";
        }
        return String.format(java.util.Locale.ROOT, "; transmit of both hosts: RDS_IN_XMIT found held %.0f/ms,"
                + " holders' restarts %.0f/ms (raced %.0f/ms), rds_send_worker %.0f/ms, cp_lock waits and line transfers %.2f us/ms",
                transmit.lost() / ms, transmit.restarts() / ms, transmit.raced() / ms, transmit.sendWorkerRuns() / ms,
                transmit.cpLockExtraNs() / 1e3 / ms);
    }

    /** The result of the last {@link #run} (for the report). */
    public Result result() {
        return last;
    }

    Result execute(SimulatedTestbed testbed) {
        List<Host> hosts = testbed.hosts();
        if (hosts.size() < 2) {
            throw new IllegalArgumentException("rds-stress needs two hosts, the testbed has " + hosts.size());
        }
        Host active = hosts.get(0);
        Host passive = hosts.get(1);
        RdsStressTool.requireStoredPayload(options, active.memory().payloadReal());
        List<List<StressTask>> activeInstances = tasks(testbed, active, passive, true);
        List<StressTask> activeTasks = activeInstances.stream().flatMap(List::stream).toList();
        List<StressTask> passiveTasks = tasks(testbed, passive, active, !options.oneWay()).stream()
                .flatMap(List::stream).toList();
        List<StressTask> all = new ArrayList<>(activeTasks);
        all.addAll(passiveTasks);
        all.forEach(StressTask::start);
        long deadline = testbed.now() + CONNECT_TIMEOUT_NS;
        List<StressTask> senders = all.stream().filter(StressTask::sends).toList();
        AllSettled<StressTask> allConnected = new AllSettled<>(senders, StressTask::connected);
        testbed.runUntil(() -> testbed.now() > deadline || allConnected.getAsBoolean());
        if (!allConnected.getAsBoolean()) {
            String lost = lostConnection(testbed, active, passive);
            long waiting = senders.stream().filter(t -> !t.connected()).count();
            throw new IllegalStateException("rds-stress: connections not up after "
                    + CONNECT_TIMEOUT_NS / 1_000_000 + " ms of simulated time (" + waiting + " of " + senders.size()
                    + " tasks still waiting for an answer; connections " + connectionStates(testbed, active)
                    + " on " + active.name() + ", " + connectionStates(testbed, passive) + " on " + passive.name()
                    + (lost == null ? "" : "; " + lost) + ")");
        }
        testbed.workloadStarts(); // fault.link.* counts from here: connecting is never cut off
        all.forEach(StressTask::fullDepth);
        testbed.runUntil(testbed.now() + warmupNs);
        long measureNs = roundTrips == 0 ? intervalNs : settle(testbed, activeTasks);
        testbed.startMeasuring();
        loads = new CoreLoads(List.of(active, passive), active.devices().get(0).attributes().numCompVectors(),
                all.stream().map(StressTask::core).collect(java.util.stream.Collectors.toSet()));
        List<Interval> out = new ArrayList<>();
        Counters before = total(activeTasks);
        long busyBefore = active.busyNs();
        Counters passiveBefore = total(passiveTasks);
        List<Counters> instancesBefore = activeInstances.stream().map(RdsStressRun::total).toList();
        CqEventCounts eventsBefore = eventCounts(testbed, active, passive);
        TransmitCounts transmitBefore = transmitCounts(testbed, active, passive);
        String lost = lostConnection(testbed, active, passive);
        for (int i = 0; i < intervals && lost == null; i++) {
            testbed.runUntil(testbed.now() + measureNs);
            Counters now = total(activeTasks);
            long busy = active.busyNs();
            out.add(new Interval(measureNs, now.since(before),
                    100.0 * (busy - busyBefore) / ((double) measureNs * active.coreCount())));
            before = now;
            busyBefore = busy;
            lost = lostConnection(testbed, active, passive);
        }
        loads.end(intervals * measureNs);
        events = eventCounts(testbed, active, passive).since(eventsBefore);
        transmit = transmitCounts(testbed, active, passive).since(transmitBefore);
        eventsNs = (long) out.size() * measureNs;
        all.forEach(StressTask::stop);
        List<Counters> instances = new ArrayList<>();
        for (int i = 0; i < activeInstances.size(); i++) {
            instances.add(total(activeInstances.get(i)).since(instancesBefore.get(i)));
        }
        return new Result(List.copyOf(out), List.copyOf(instances), total(passiveTasks).since(passiveBefore),
                options.tasks(), lost);
    }

    /** Both hosts' RDS CQ events and thread wake-ups so far. */
    private static CqEventCounts eventCounts(SimulatedTestbed testbed, Host active, Host passive) {
        return sumOverHosts(testbed, active, passive, RdsIbEndpoint::eventCounts, CqEventCounts.NONE,
                CqEventCounts::plus);
    }

    /** Both hosts' RDS transmit contention so far. */
    private static TransmitCounts transmitCounts(SimulatedTestbed testbed, Host active, Host passive) {
        return sumOverHosts(testbed, active, passive, RdsIbEndpoint::transmitCounts, TransmitCounts.NONE,
                TransmitCounts::plus);
    }

    /** One count of both hosts' RDS endpoints, summed (hosts without RDS over IB add nothing). */
    private static <T> T sumOverHosts(SimulatedTestbed testbed, Host active, Host passive,
                                      Function<RdsIbEndpoint, T> count, T none, BinaryOperator<T> plus) {
        T sum = none;
        for (Host h : List.of(active, passive)) {
            if (testbed.messageEndpoint("rds", h.name()) instanceof RdsIbEndpoint rds) {
                sum = plus.apply(sum, count.apply(rds));
            }
        }
        return sum;
    }

    private static String connectionStates(SimulatedTestbed testbed, Host host) {
        return testbed.messageEndpoint("rds", host.name()) instanceof RdsIbEndpoint rds ? rds.connectionStates() : "?";
    }

    /** The first connection of either host that failed (RDS connection recovery is not modelled), or null. */
    private static String lostConnection(SimulatedTestbed testbed, Host active, Host passive) {
        for (Host h : List.of(active, passive)) {
            if (testbed.messageEndpoint("rds", h.name()) instanceof RdsIbEndpoint rds
                    && rds.failedConnection() != null) {
                return rds.failedConnection();
            }
        }
        return null;
    }

    /**
     * Warms up further until the warm-up spans {@link #roundTrips} round trips, and returns the measured interval's
     * length (as many round trips). The round trip is read by Little's law from probes of a quarter of the minimum
     * warm-up: the active host's requests in flight over the rate at which their acks come back.
     */
    private long settle(SimulatedTestbed testbed, List<StressTask> activeTasks) {
        long probeNs = Math.max(1, warmupNs / 4);
        long warmed = warmupNs;
        while (true) {
            Counters before = total(activeTasks);
            testbed.runUntil(testbed.now() + probeNs);
            warmed += probeNs;
            Counters after = total(activeTasks);
            long acked = after.acksReceived - before.acksReceived;
            long inFlight = after.requestsSent - after.acksReceived;
            double roundTripNs = acked == 0 ? Double.POSITIVE_INFINITY : (double) inFlight * probeNs / acked;
            double wanted = roundTrips * roundTripNs;
            if (warmed >= wanted || warmed >= maxSettleNs) {
                return (long) Math.min(maxSettleNs, Math.max(intervalNs, wanted));
            }
        }
    }

    /** Each instance's tasks on {@code host}, placed over the cores by their host-wide index. */
    private List<List<StressTask>> tasks(SimulatedTestbed testbed, Host host, Host peer, boolean sends) {
        MessageEndpoint endpoint = testbed.messageEndpoint("rds", host.name());
        int vectors = host.devices().get(0).attributes().numCompVectors();
        List<List<StressTask>> instances = new ArrayList<>();
        for (int i = 0; i < options.instances(); i++) {
            List<StressTask> tasks = new ArrayList<>();
            for (int k = 0; k < options.tasks(); k++) {
                int core = taskCore(i * options.tasks() + k, vectors, host.coreCount());
                tasks.add(new StressTask(endpoint, host, options, i, k, core, peer.name(), sends));
            }
            instances.add(tasks);
        }
        return instances;
    }

    /**
     * The core of the host's {@code task}-th task: the cores after the completion vectors' in turn, round-robin
     * when there are more tasks than such cores (the vectors' cores stay the soft interrupts'); a host with no core
     * beyond its vectors' shares them all.
     */
    static int taskCore(int task, int vectors, int cores) {
        int free = cores - vectors;
        return free > 0 ? vectors + task % free : task % cores;
    }

    private static Counters total(List<StressTask> tasks) {
        Counters c = new Counters();
        tasks.forEach(t -> c.add(t.counters));
        return c;
    }

    /** The metrics an experiment reads: per-second rates of the active host over all intervals. */
    static Map<String, Double> metrics(Result r) {
        Counters sum = r.total();
        double seconds = r.lengthNs() / 1e9;
        return Map.of(
                "tx_per_s", sum.requestsSent / seconds,
                "txrx_per_s", (sum.requestsSent + sum.requestsReceived) / seconds,
                "messages_per_s", sum.messages() / seconds,
                "rx_per_s", sum.requestsReceived / seconds,
                "rtt_us", sum.roundTrips == 0 ? 0.0 : sum.roundTripNs / 1000.0 / sum.roundTrips,
                "tx_us_per_call", sum.sendmsgCalls == 0 ? 0.0 : sum.sendmsgNs / 1000.0 / sum.sendmsgCalls,
                "cpu_pct", r.meanCpuPercent(),
                "verify_errors", (double) (sum.verifyErrors + r.passiveTotal().verifyErrors));
    }
}
