/**
 * The host model behind {@link org.hcasim.host.Host}.
 *
 * <p>{@link org.hcasim.core.host.SimHost} runs tasks on cores: {@code host.run(core, priority, label, body)}.
 * Tasks are not preempted; among ready tasks hard-IRQ runs before soft-IRQ before thread, FIFO within a priority.
 * Inside a task, {@code host.charge(ns)} spends CPU and moves {@code host.now()} forward; whatever the task
 * schedules is stamped with {@code host.now()}. Core busy time (per priority) gives CPU % via
 * {@code host.cpuPercent(interval)} and the cores are registered resources (kind CORE).
 *
 * <p>{@link org.hcasim.core.host.SimLock} implements spin locks (contended wait charged as CPU) and mutexes
 * (wait slept, context switch charged, wake-up latency added). {@link org.hcasim.core.host.SparseHostMemory}
 * is the sparse page memory with payload modes {@link org.hcasim.core.host.PayloadMode#REAL} and
 * {@link org.hcasim.core.host.PayloadMode#ELIDED}. {@link org.hcasim.core.host.CostTable} holds the named CPU
 * costs of a host profile.
 *
 * <pre>{@code
 * Simulation sim = new Simulation(seed);
 * SimHost host = new SimHost(sim, "target", 24, costs, new SparseHostMemory("target", PayloadMode.ELIDED));
 * host.run(3, Priority.SOFT_IRQ, "poll-cq", () -> host.charge(120));
 * sim.loop().runUntil(1_000_000);
 * double cpu = host.cpuPercent(1_000_000);
 * }</pre>
 */
package org.hcasim.core.host;
