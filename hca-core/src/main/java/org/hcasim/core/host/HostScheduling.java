package org.hcasim.core.host;

/**
 * How a host runs interrupt work beside its threads: the host profile's optional rules ({@code
 * host.irq-preempts-threads}, {@code host.softirq-ksoftirqd}, {@code host.cpuidle.exit-latency-ns}, {@code
 * host.cq-poll-batches}) as the one value that profiles and testbeds carry to a {@link SimHost}, so a new rule is
 * added here and in SimHost only.
 *
 * @param irqPreemptsThreads interrupts steal time from thread tasks on their core
 * @param softirqKsoftirqd   soft-IRQ work by the kernel's whole exit rule, with ksoftirqd
 * @param cpuidleExitNs      time a hard IRQ waits for an idle core to leave its idle state, ns
 * @param cqPollBatches      a CQ's polling pass reaps only what its poll_cq batches find (SimHost#cqPollBatches)
 */
public record HostScheduling(boolean irqPreemptsThreads, boolean softirqKsoftirqd, long cpuidleExitNs,
        boolean cqPollBatches) {
    /** Every rule off: a host whose profile sets none of the keys. */
    public static final HostScheduling DEFAULT = new HostScheduling(false, false, 0, false);

    /** Sets the rules on {@code host}, before it runs anything. */
    public void applyTo(SimHost host) {
        host.irqPreemptsThreads(irqPreemptsThreads);
        host.softirqKsoftirqd(softirqKsoftirqd);
        host.cpuidleExitNs(cpuidleExitNs);
        host.cqPollBatches(cqPollBatches);
    }
}
