/**
 * The verbs engine: the {@code org.hcasim.verbs} API implemented on the simulation kernel. What happens is
 * decided here; when it happens comes from {@code HcaDataPath} (implemented over the kernel's hardware model by
 * {@code HardwareDataPath}), so that semantics and timing stay apart.
 *
 * <ul>
 *   <li>{@link org.hcasim.core.verbs.SimRdmaDevice}: one HCA port: its verbs limits (from the HCA profile), its
 *       memory keys ({@code core.verbs.mkey}), QP numbers, the timed hardware ({@code HcaHardware} of
 *       {@code core.hw}) and async events. {@code SimProtectionDomain} and {@code SimMemoryRegion} are the
 *       driver's side of PDs and MRs (the key handed out, the mapping the next REG_MR loads).</li>
 *   <li>{@code SimQueuePair}: an RC QP, a facade over parts with one job each: {@code QpStateMachine} (states and
 *       modify), {@code SendQueue} (posted WQEs, slots, CQEs in order), {@code Requester} (the stages a WQE goes
 *       through: doorbell rung, WQE fetched, registration done, gathered, transmitted),
 *       {@code TransportReliability} (PSNs, the ACK timer, go-back-N, RNR), {@code ReceiveQueue} and
 *       {@code ResponderStages} (arrived, received, checked and placed, answered).</li>
 *   <li>{@link org.hcasim.core.verbs.VerbsFabric}: QP addresses and CM services resolved to objects, and the wire
 *       between devices: packets name QPs by address and are handed over when they arrive.</li>
 *   <li>{@code SimCompletionQueue}: CQEs, overflow, and events through the kernel's CQ moderation, event queue
 *       and MSI-X vector, then soft-IRQ or work-queue polling that runs the per-WR callbacks.
 *       {@code SimSharedReceiveQueue}, {@code SimSrqPool}, {@code SimConnectionManager} (rdma_cm over the
 *       fabric, with {@link org.hcasim.core.verbs.CmDefaults}).</li>
 * </ul>
 *
 * <p>Below it: {@code core.verbs.mkey} (keys and every access through them), {@code core.verbs.translation}
 * (scatter lists mapped to MTT or KLM translations), {@code core.verbs.signature} (the T10-PI wire view of
 * integrity keys). Stages schedule on the event loop with {@code EventTarget}s, not lambdas, so the per-I/O path
 * allocates only the objects the verbs themselves describe (WQEs, packets, completions). Assembled for tests and
 * testbeds by {@code org.hcasim.core.testbed.VerbsTestbed}.
 */
package org.hcasim.core.verbs;
