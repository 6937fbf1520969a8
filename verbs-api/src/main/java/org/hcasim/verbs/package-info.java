/**
 * The verbs API: kernel RDMA verbs shaped for Java, the only thing ULP plugins program against.
 *
 * <p>Typical use (NVMe-oF host queue): {@code device.allocPd()}; {@code device.createCq(CqInit.of(...,
 * PollContext.SOFTIRQ))}; {@code pd.createQp(QpInit.of(cq, ...))}; {@code device.connectionManager()
 * .connect(host, serviceId, qp, privateData, handler)}; post {@link org.hcasim.verbs.WorkRequest} records
 * with per-request {@link org.hcasim.verbs.CompletionCallback}s; the engine calls them on the completion
 * vector's core. Synchronous misuse throws {@link org.hcasim.verbs.VerbsException}; everything the HCA
 * detects later is a {@link org.hcasim.verbs.WorkCompletion} status or an {@link org.hcasim.verbs.AsyncEvent}.
 */
package org.hcasim.verbs;
