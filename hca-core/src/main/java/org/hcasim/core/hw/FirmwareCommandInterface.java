package org.hcasim.core.hw;

import java.util.EnumMap;
import java.util.Map;
import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;

/**
 * The HCA's command interface: commands (create mkey, modify CQ, ...) are executed by firmware one after
 * another (or a few in parallel if the profile says so), each taking its profile latency. This
 * serialization is what makes MR-cache misses expensive under load.
 *
 * <p>A command that creates translation entries (CREATE_MKEY: 8 bytes per page the mkey can map) also holds the
 * interface while the firmware initialises them in ICM, the device's tables in host memory, by DMA writes at the
 * PCIe link's payload write rate: so creating an mkey that can map 2^22 pages (32 MiB of entries) takes
 * milliseconds where one of 2^6 pages takes the command latency alone. The writes are not booked on the link's
 * timelines (one booking of 32 MiB would hold a FIFO direction for 2.3 ms, where real PCIe interleaves the
 * device's DMA streams packet by packet).
 */
public final class FirmwareCommandInterface {
    /** Busy time of the interface spent initialising translation entries (the rest is the commands' latency). */
    public static final String TABLE_INIT = "translation-table init";

    private final Timeline timeline;
    private final EnumMap<FirmwareCommand, Long> latencyNs;
    private final EnumMap<FirmwareCommand, Long> counts = new EnumMap<>(FirmwareCommand.class);
    private final double tableWriteBytesPerNs;

    /**
     * @param tableWriteBytesPerNs rate at which the firmware writes translation entries into host memory (the PCIe
     *                             link's payload write rate, {@link PcieLink#payloadBytesPerNs()})
     */
    public FirmwareCommandInterface(Simulation sim, String name, int parallelCommands,
                                    Map<FirmwareCommand, Long> latencyNs, double tableWriteBytesPerNs) {
        this.timeline = sim.timeline(name, ResourceKind.FIRMWARE, parallelCommands).otherCause("command");
        this.latencyNs = new EnumMap<>(FirmwareCommand.class);
        this.latencyNs.putAll(latencyNs);
        for (FirmwareCommand c : FirmwareCommand.values()) {
            if (!this.latencyNs.containsKey(c)) {
                throw new IllegalArgumentException("no firmware latency for command " + c.key());
            }
        }
        if (!(tableWriteBytesPerNs > 0)) {
            throw new IllegalArgumentException("translation-table write rate must be positive, got " + tableWriteBytesPerNs);
        }
        this.tableWriteBytesPerNs = tableWriteBytesPerNs;
    }

    /** Submits {@code command} at {@code t}; returns the time its completion is reported. */
    public long execute(long t, FirmwareCommand command) {
        return execute(t, command, 0);
    }

    /**
     * Submits {@code command} at {@code t} for an object with {@code translationBytes} of translation entries to
     * initialise; returns the time its completion is reported. Commands are served in submission order.
     */
    public long execute(long t, FirmwareCommand command, long translationBytes) {
        if (translationBytes < 0) {
            throw new IllegalArgumentException("negative translation bytes " + translationBytes);
        }
        counts.merge(command, 1L, Long::sum);
        long init = tableInitNs(translationBytes);
        long done = timeline.acquire(t, latencyNs.get(command) + init, command.key());
        if (init > 0) {
            timeline.attribute(TABLE_INIT, init);
        }
        return done;
    }

    /** Time the firmware spends initialising {@code translationBytes} of translation entries. */
    public long tableInitNs(long translationBytes) {
        return Math.round(translationBytes / tableWriteBytesPerNs);
    }

    public long latencyNs(FirmwareCommand command) {
        return latencyNs.get(command);
    }

    /** How many times {@code command} was executed. */
    public long count(FirmwareCommand command) {
        return counts.getOrDefault(command, 0L);
    }

    public Timeline timeline() {
        return timeline;
    }
}
