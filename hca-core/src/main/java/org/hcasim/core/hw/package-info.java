/**
 * Timed HCA hardware and fabric, each part a small cost model on {@link org.hcasim.core.sim.Timeline}s.
 *
 * <ul>
 *   <li>{@link org.hcasim.core.hw.PcieLink}: {@code dmaRead(t, bytes)}, {@code dmaWrite(t, bytes)},
 *       {@code mmioWrite(t, bytes)} return completion times; each direction a {@code PcieDirection} of TLPs (MPS
 *       writes and completions, MRRS read requests) interleaved in issue order, read tags, read round trip.</li>
 *   <li>{@link org.hcasim.core.hw.ProcessingEngine}: k units with per-op and per-byte cost;
 *       {@code FetchingEngine} holds a unit through a PCIe read issued when the unit starts (non-inline UMR lists).</li>
 *   <li>{@link org.hcasim.core.hw.TranslationCache}: LRU of MTT/KLM lines; a miss is a PCIe read.</li>
 *   <li>{@link org.hcasim.core.hw.FirmwareCommandInterface}: serialized commands with per-command latency.</li>
 *   <li>{@link org.hcasim.core.hw.CqModeration} (armed state, count and period) feeding an
 *       {@link org.hcasim.core.hw.EventQueue}, which raises its {@link org.hcasim.core.hw.MsixVector}: the handler
 *       runs as a hard-IRQ task on the vector's core.</li>
 *   <li>{@link org.hcasim.core.hw.Fabric}, {@link org.hcasim.core.hw.Port}, {@link org.hcasim.core.hw.Switch},
 *       {@link org.hcasim.core.hw.LinkParams}: {@code fabric.transmit(t, src, dst, bytes)} returns the arrival.</li>
 *   <li>{@link org.hcasim.core.hw.HcaHardware} assembles all of it for one device from
 *       {@link org.hcasim.core.hw.HcaParams} (see its javadoc for the data path recipe).</li>
 * </ul>
 * Times passed in and returned are absolute simulated ns; callers typically pass {@code host.now()} or a time
 * returned by the previous stage, and schedule an event at the final time to continue.
 */
package org.hcasim.core.hw;
