package org.hcasim.fio;

import org.hcasim.core.config.UserException;
import org.hcasim.host.CpuCosts;

/**
 * The CPU costs of the fio thread's path, taken from the initiator host's profile
 * ({@code host.cost.<name>-ns} / {@code -ns-per-byte}). User-space costs count as usr CPU, kernel
 * costs (system calls, context switches, the block layer, and whatever the ULP charges inside
 * {@code submit}) as sys CPU, as fio reports them from getrusage. With {@link SubmitPath#LIBAIO} fio's own three
 * ({@code fio-io}, {@code aio-submit}, {@code aio-complete}) are libaio's ({@link LibaioCosts}) instead.
 */
record FioCosts(long fioIo, long blockSubmit, long blockComplete, long aioSubmit, long aioComplete, long syscall,
                long contextSwitch, long wakeupLatency, CpuCosts table) {

    /** fio's user-space work per I/O: io_u preparation, completion handling and statistics. */
    static final String FIO_IO = "fio-io";
    /** Block layer per request on submission: bio and request allocation, blk-mq dispatch. */
    static final String BLOCK_SUBMIT = "block-submit";
    /** Block layer per request on completion: request end, bio completion, io_uring CQE posting. */
    static final String BLOCK_COMPLETE = "block-complete";
    /** libaio's io_submit per iocb, before the block layer (0 by default: the initiator's fio path is lean). */
    static final String AIO_SUBMIT = "aio-submit";
    /**
     * libaio's completion per I/O, charged in the ULP's completion context with the block layer's: the bio's end_io
     * calls aio_complete_rw, which writes the ring event and wakes the io_getevents waiter (0 by default).
     */
    static final String AIO_COMPLETE = "aio-complete";

    /** The costs of host {@code hostName}'s profile, as io_uring's path charges them. */
    static FioCosts from(CpuCosts costs, String hostName) {
        return new FioCosts(ns(costs, FIO_IO, hostName), ns(costs, BLOCK_SUBMIT, hostName),
                ns(costs, BLOCK_COMPLETE, hostName), ns(costs, AIO_SUBMIT, hostName), ns(costs, AIO_COMPLETE, hostName),
                ns(costs, CpuCosts.SYSCALL, hostName),
                ns(costs, CpuCosts.CONTEXT_SWITCH, hostName), ns(costs, CpuCosts.WAKEUP_LATENCY, hostName), costs);
    }

    /** The costs of host {@code hostName}'s fio threads on {@code path}: the profile's, libaio's own three for libaio. */
    static FioCosts from(CpuCosts costs, String hostName, SubmitPath path) {
        FioCosts profile = from(costs, hostName);
        if (path == SubmitPath.IO_URING) return profile;
        LibaioCosts aio = LibaioCosts.FILE;
        return new FioCosts(aio.fioIo(), profile.blockSubmit, profile.blockComplete, aio.aioSubmit(), aio.aioComplete(),
                profile.syscall, profile.contextSwitch, profile.wakeupLatency, costs);
    }

    /** Per-byte cost of a named operation (e.g. {@code crc32c} for verify, {@code crc-t10dif} for PI). */
    long perByte(String operation, long bytes, String hostName) {
        try {
            return table.ns(operation, bytes);
        } catch (RuntimeException e) {
            throw missing(operation + "-ns-per-byte", hostName, e);
        }
    }

    private static long ns(CpuCosts costs, String name, String hostName) {
        try {
            return costs.ns(name);
        } catch (RuntimeException e) {
            throw missing(name + "-ns", hostName, e);
        }
    }

    private static UserException missing(String key, String hostName, RuntimeException cause) {
        return new UserException("the profile of host '" + hostName + "' has no host.cost." + key
                + ", which hcasim fio needs (" + cause.getMessage() + ")", cause);
    }
}
