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
 */
public final class FirmwareCommandInterface {
    private final Timeline timeline;
    private final EnumMap<FirmwareCommand, Long> latencyNs;
    private final EnumMap<FirmwareCommand, Long> counts = new EnumMap<>(FirmwareCommand.class);

    public FirmwareCommandInterface(Simulation sim, String name, int parallelCommands,
                                    Map<FirmwareCommand, Long> latencyNs) {
        this.timeline = sim.timeline(name, ResourceKind.FIRMWARE, parallelCommands);
        this.latencyNs = new EnumMap<>(FirmwareCommand.class);
        this.latencyNs.putAll(latencyNs);
        for (FirmwareCommand c : FirmwareCommand.values()) {
            if (!this.latencyNs.containsKey(c)) {
                throw new IllegalArgumentException("no firmware latency for command " + c.key());
            }
        }
    }

    /** Submits {@code command} at {@code t}; returns the time its completion is reported. */
    public long execute(long t, FirmwareCommand command) {
        counts.merge(command, 1L, Long::sum);
        return timeline.acquire(t, latencyNs.get(command), command.key());
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
