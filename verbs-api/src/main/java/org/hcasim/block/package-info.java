/**
 * Block storage roles: what a block ULP (NVMe-oF, iSER, SRP) implements so that block workloads such
 * as {@code hcasim fio} can run on it.
 *
 * <h2>The pieces</h2>
 * <ul>
 * <li>{@link org.hcasim.block.BlockProtocol}, returned by {@code UlpProvider.blockProtocol()}: factories
 *     for the two roles.</li>
 * <li>{@link org.hcasim.block.BlockTarget}: built from a {@link org.hcasim.block.BlockTargetContext}
 *     (target host, listen address, {@link org.hcasim.block.BlockNamespaceSpec namespaces}, configuration),
 *     started once; serves each namespace from a {@link org.hcasim.block.BlockBackstore}.</li>
 * <li>{@link org.hcasim.block.BlockInitiator}: built from a {@link org.hcasim.block.BlockInitiatorContext}
 *     (initiator host, target address, configuration); {@code connect} logs in and sets up queues, then
 *     exposes one {@link org.hcasim.block.BlockDevice} per namespace / LUN.</li>
 * <li>{@link org.hcasim.block.BlockDevice#submit}: a {@link org.hcasim.block.BlockRequest} (read or write
 *     of {@code blocks} logical blocks, or a {@link org.hcasim.block.BlockOp#FLUSH flush} of the write cache) at {@code lba}, data in initiator host memory, optional PI buffer and
 *     {@link org.hcasim.block.PiControl}) completes once, later, with a
 *     {@link org.hcasim.block.BlockCompletion} ({@link org.hcasim.block.BlockStatus} + one line of detail).</li>
 * <li>{@link org.hcasim.block.BlockBackstores#create}: the standard {@code null} and {@code ram}
 *     backstores, which play the controller's part: range checks, T10-PI generation (PRACT), checking
 *     (guard, application tag, reference tag, with escapes) and stripping, and the namespace's latency.</li>
 * <li>{@link org.hcasim.block.T10Dif}: CRC-16/T10-DIF and the 8-byte PI tuple, for host-side or
 *     HCA-side PI handling.</li>
 * </ul>
 *
 * <h2>Implementing a block ULP</h2>
 * <ol>
 * <li>Return your {@code BlockProtocol} from {@code UlpProvider.blockProtocol()}.</li>
 * <li>{@code createTarget}: keep the context; in {@code start()} create a backstore per namespace
 *     ({@code BlockBackstores.create(ns, host)}) and listen with the host's RDMA device at
 *     {@code address()} (a host name; add your protocol's port).</li>
 * <li>{@code createInitiator}: in {@code connect(connected, failed)} resolve {@code targetAddress()},
 *     connect queues, learn the namespaces (e.g. NVMe Identify), build your {@code BlockDevice}s, then call
 *     {@code connected} from a task; on any failure call {@code failed} with one line.</li>
 * <li>{@code BlockDevice.submit} runs inside the caller's task on an initiator core: charge your CPU
 *     there ({@code host.charge}), choose the queue of {@code host.currentCore()}, register memory and post
 *     work requests. Never complete from inside {@code submit}. A flush becomes your protocol's cache flush
 *     (NVMe Flush, SCSI SYNCHRONIZE CACHE); the target hands it to the backstore as a {@code FLUSH}
 *     {@link org.hcasim.block.BackstoreIo} (the standard backstores keep no volatile cache: it completes at once). Malformed requests (beyond capacity,
 *     missing metadata buffer) complete with an error status instead of throwing.</li>
 * <li>On the target, move the data into target memory (RDMA READ for writes), hand a
 *     {@link org.hcasim.block.BackstoreIo} to the backstore, and send data and response back when it
 *     completes; on the initiator call the request's handler exactly once, inside a task (typically
 *     the completion vector's soft-IRQ).</li>
 * <li>PI: when the device's {@link org.hcasim.block.BlockFormat} has PI and the request carries a
 *     metadata buffer, the tuples travel with the data (8 bytes per block) and end up in the backstore's
 *     metadata buffer; with {@link org.hcasim.block.PiControl#deviceGenerates()} none travel. Where the
 *     tuples are generated and checked on the way (host CPU, HCA signature offload, target) is the ULP's
 *     design; the backstore checks what the request's {@code PiControl} asks for.</li>
 * </ol>
 * A loopback implementation used to test the workload engine lives in the {@code fio} module's tests
 * ({@code org.hcasim.fio.loopback.LoopbackBlockProtocol}); the NVMe-oF plugin is the full example.
 */
package org.hcasim.block;
