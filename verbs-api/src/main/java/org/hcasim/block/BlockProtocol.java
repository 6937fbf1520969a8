package org.hcasim.block;

/**
 * A block storage protocol (NVMe-oF, iSER, SRP, or a test loopback): factories for its two roles.
 *
 * <p><b>How a ULP implements it.</b> {@link #createTarget} builds the target side on the target
 * host: it listens at {@link BlockTargetContext#address()} and serves each
 * {@link BlockNamespaceSpec} of the context, usually by creating a {@link BlockBackstore} per namespace
 * with {@link BlockBackstores#create} and moving the data between the wire and the backstore's
 * buffers. {@link #createInitiator} builds the initiator side on the initiator host; the workload
 * calls {@link BlockInitiator#connect}, then submits I/O to the {@link BlockDevice}s it exposes.
 *
 * <p>Everything runs on the simulation's single thread, inside tasks on host cores
 * ({@link org.hcasim.host.Host#run}); a role charges the CPU it spends with
 * {@link org.hcasim.host.Host#charge} and never blocks: completion is a callback.
 */
public interface BlockProtocol {

    /** One line for listings. */
    String description();

    /** Creates (but does not yet start) the target role on {@code context.host()}. */
    BlockTarget createTarget(BlockTargetContext context);

    /** Creates the initiator role on {@code context.host()}; it connects when asked to. */
    BlockInitiator createInitiator(BlockInitiatorContext context);
}
