package org.hcasim.host;

/**
 * Where a run injects faults into block data a backstore or a ULP handles, and where the software checks that catch
 * them are counted (docs/faults.md). A role asks its host ({@link Host#dataFaults()}); without fault injection each
 * method does nothing.
 */
public interface DataFaults {
    /** No faults: every method does nothing. */
    DataFaults NONE = new DataFaults() { };

    /**
     * A backstore read {@code length} bytes of blocks of {@code blockSize} into {@code data[offset..]} (before it checks
     * their PI): a block may get a bit flipped, a media error the device's ECC missed.
     */
    default void backstoreRead(byte[] data, int offset, int length, int blockSize) {
    }

    /**
     * The data of a block I/O and its PI are in {@code memory} at {@code iova} ({@code length} bytes of blocks of
     * {@code blockSize}): a block may get a bit flipped there, memory corruption after PI was generated.
     */
    default void inMemory(HostMemory memory, long iova, int length, int blockSize) {
    }

    /** A ULP's error recovery on this host took a step {@code what} (a controller reset, a reconnect attempt, a requeue). */
    default void recoveryStep(String what) {
    }

    /**
     * A ULP's error recovery on this host ended: {@code what} recovered (a controller live again, an I/O that then
     * succeeded) or, {@code recovered} false, did not (the controller removed, its I/Os failed).
     */
    default void recovery(String what, boolean recovered) {
    }

    /**
     * Whether this host's storage target has stopped answering at {@code now} (a hung target: the command that just
     * arrived is never answered, though its HCA acknowledged it); the account counts each such command.
     */
    default boolean targetStopped(long now) {
        return false;
    }

    /** A software check on this host (a backstore's or the block layer's PI check, fio verify) caught an error. */
    default void caught(String check) {
    }
}
