/**
 * The simulation kernel: virtual time, events and resources.
 *
 * <ul>
 *   <li>{@link org.hcasim.core.sim.Simulation}: one deterministic run. Holds the {@link org.hcasim.core.sim.EventLoop},
 *       a seeded random source ({@code random()}, or {@code random("name")} for an independent stream per component),
 *       the {@link org.hcasim.core.sim.ResourceRegistry}, the trace output and the hosts.</li>
 *   <li>{@link org.hcasim.core.sim.EventLoop}: {@code at(t, action)} / {@code after(dt, action)} return a {@code long}
 *       handle for {@code cancel(handle)}; {@code run()}, {@code runUntil(t)}, {@code runUntil(condition)},
 *       {@code runEvents(n)}. Ties run in scheduling order.</li>
 *   <li>{@link org.hcasim.core.sim.Timeline}: a k-unit FIFO resource without events:
 *       {@code finish = timeline.acquire(arrival, service)}. Create it with
 *       {@code sim.timeline(name, kind, units)} so it is registered and traced.</li>
 *   <li>{@link org.hcasim.core.sim.ResourceRegistry}: {@code usage(now)} gives utilisation per resource,
 *       {@code bottleneck(now)} the most utilised one; {@code resetStats(now)} ends a warm-up.</li>
 *   <li>{@link org.hcasim.core.sim.TraceSink}: spans per track; install with {@code sim.trace(sink)}.
 *       {@link org.hcasim.core.sim.TraceRecorder} is a bounded recorder whose hash checks determinism.</li>
 * </ul>
 */
package org.hcasim.core.sim;
