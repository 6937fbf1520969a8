/**
 * The verbs engine: the {@code org.hcasim.verbs} API implemented on the simulation kernel.
 *
 * <ul>
 *   <li>{@link org.hcasim.core.verbs.SimRdmaDevice} - one HCA port: owns the {@code MkeyTable}, QP numbers,
 *       the timed hardware ({@code HcaHardware} of {@code core.hw}) and async events.</li>
 *   <li>{@code MkeyTable}/{@code Mkey}/{@code Translation} - the HCA's view of keys: index + variant, PD,
 *       valid state, access, translation (MTT pages, KLM entries or identity); every access through a key is
 *       checked ({@code KeyCheck}) and carried out here. {@code SimMemoryRegion} is the driver's view
 *       (mapSg result, key handed out). {@code SgMapper} holds the page rules; {@code SignatureEngine} the
 *       T10-PI wire view of integrity keys.</li>
 *   <li>{@code SimQueuePair} - state machine, synchronous posting checks and the requester: WQEs are issued in
 *       order through doorbell, WQE fetch, send engine, UMR or gather (translation + PCIe read), then the
 *       fabric; responses complete them in order (go-back-N on RNR NAK and ACK timeout; errors flush).
 *       {@code Responder} is the receiving half.</li>
 *   <li>{@code SimCompletionQueue} - CQEs, overflow, and events through the kernel's CQ moderation, event
 *       queue and MSI-X vector, then soft-IRQ / work-queue polling that runs the per-WR callbacks.</li>
 *   <li>{@code SimSharedReceiveQueue}, {@code SimSrqPool}, {@code SimConnectionManager} (rdma_cm over the
 *       fabric), {@link org.hcasim.core.verbs.VerbsFabric} (address and service resolution, wire transfer).</li>
 *   <li>{@link org.hcasim.core.verbs.VerbsTestbed} - N hosts with one device each, for tests and testbeds.</li>
 * </ul>
 *
 * <p>What happens is decided here; when it happens comes from {@code HcaDataPath} (implemented over the
 * kernel's hardware model by {@code HardwareDataPath}) so that timing and semantics stay separate.
 */
package org.hcasim.core.verbs;
