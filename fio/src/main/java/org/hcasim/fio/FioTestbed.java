package org.hcasim.fio;

import java.util.List;
import org.hcasim.block.BlockDevice;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.testbed.BlockTestbed;
import org.hcasim.host.Host;

/** What the fio engine needs from a testbed: the simulation, the host the jobs run on, and block devices. */
public interface FioTestbed {

    Simulation simulation();

    /** The host whose cores run the fio threads (the block initiator's host; the first one when there are more). */
    Host initiatorHost();

    /** Every initiator host, in order; each runs all the jobs of a job file, as {@code fio --client} on each. */
    default List<Host> initiatorHosts() {
        return List.of(initiatorHost());
    }

    /** The block devices of {@code ioengine} on initiator host {@code initiator} (0-based), as {@link #devices(String)}. */
    default List<BlockDevice> devices(String ioengine, int initiator) {
        if (initiator != 0) throw new IndexOutOfBoundsException("initiator " + initiator + " of 1");
        return devices(ioengine);
    }

    /**
     * The block devices of the named block ULP ({@code ioengine}), connected: the first call for an
     * engine sets up its target and initiator and runs the simulation until the initiator connected.
     * An engine the testbed cannot provide is a {@link org.hcasim.core.config.UserException} that lists
     * the ones it can.
     */
    List<BlockDevice> devices(String ioengine);

    /** Whether the target's backstore keeps what is written (a ram disk), so that verify can read it back. */
    default boolean keepsData() {
        return true;
    }

    /**
     * What the run's memory estimate needs to know of the testbed before it connects ({@link RunMemoryBudget}).
     *
     * @param blockSize     the target's logical block size
     * @param piTuples      whether its blocks carry PI tuples a ram backstore keeps too
     * @param capacityBytes all its namespaces together
     * @param stateBytes    the testbed's own state (hosts, HCAs, queues), estimated; {@code stateInputs} says from what
     * @param oracle        whether the corruption oracle will keep notes per block written
     */
    record Footprint(int blockSize, boolean piTuples, boolean payloadReal, int initiators, long capacityBytes,
                     boolean keepsData, long stateBytes, String stateInputs, boolean oracle) {
    }

    /** This testbed's footprint; by default one initiator on a 512-byte device, nothing kept. */
    default Footprint footprint() {
        return new Footprint(512, false, initiatorHost().memory().payloadReal(), initiatorHosts().size(), Long.MAX_VALUE,
                false, 0, "", false);
    }

    /** The path the fio threads submit through ({@code fio.submit-path}), which sets fio's own costs; io_uring by default. */
    default SubmitPath submitPath() {
        return SubmitPath.IO_URING;
    }

    /**
     * The fio view of a block testbed: its simulation, its initiator hosts and their devices, and {@code config}'s
     * {@code fio.submit-path} (read here, so that a bad value is an error before the run).
     */
    static FioTestbed of(BlockTestbed testbed, HcasimConfig config) {
        SubmitPath path = SubmitPath.of(config);
        return new FioTestbed() {
            @Override
            public SubmitPath submitPath() {
                return path;
            }

            @Override
            public Simulation simulation() {
                return testbed.simulation();
            }

            @Override
            public Footprint footprint() {
                var spec = testbed.spec();
                var format = spec.namespace().format();
                long capacity = spec.namespace().capacityBytes() > Long.MAX_VALUE / spec.namespaces() ? Long.MAX_VALUE
                        : spec.namespace().capacityBytes() * spec.namespaces();
                return new Footprint(format.blockSize(), format.hasPi(), spec.payload() == org.hcasim.core.host.PayloadMode.REAL,
                        spec.initiators().size(), capacity, keepsData(), testbed.estimatedStateBytes(),
                        testbed.estimatedStateInputs(), keepsData() && testbed.faults().settings().dataFaults());
            }

            @Override
            public Host initiatorHost() {
                return testbed.initiatorHost();
            }

            @Override
            public List<Host> initiatorHosts() {
                return List.copyOf(testbed.initiatorHosts());
            }

            @Override
            public List<BlockDevice> devices(String ioengine) {
                return testbed.devices(ioengine);
            }

            @Override
            public List<BlockDevice> devices(String ioengine, int initiator) {
                return testbed.devices(ioengine, initiator);
            }

            @Override
            public boolean keepsData() {
                return testbed.spec().namespace(0).backstore() == org.hcasim.block.Backstore.RAM;
            }
        };
    }
}
