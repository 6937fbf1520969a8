/**
 * Host services for ULPs: {@link org.hcasim.host.Host} (cores, tasks with priorities, CPU charging, timers,
 * locks, work queues), {@link org.hcasim.host.HostMemory} (sparse memory by iova) and
 * {@link org.hcasim.host.CpuCosts} (named CPU costs of the host profile).
 *
 * <p>Typical use inside a completion handler running as a soft-IRQ task:
 * <pre>{@code
 * host.charge(host.cpuCosts().ns(CpuCosts.CQ_POLL_PER_CQE));
 * lock.hold(200, host);                               // spins if another core holds it
 * host.run(core, Priority.THREAD, "complete", done);  // stamped at host.now()
 * }</pre>
 * The implementation lives in the engine ({@code org.hcasim.core.host.SimHost}).
 */
package org.hcasim.host;
