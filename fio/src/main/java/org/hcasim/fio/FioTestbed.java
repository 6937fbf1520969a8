package org.hcasim.fio;

import java.util.List;
import org.hcasim.block.BlockDevice;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.testbed.BlockTestbed;
import org.hcasim.host.Host;

/** What the fio engine needs from a testbed: the simulation, the host the jobs run on, and block devices. */
public interface FioTestbed {

    Simulation simulation();

    /** The host whose cores run the fio threads (the block initiator's host). */
    Host initiatorHost();

    /**
     * The block devices of the named block ULP ({@code ioengine}), connected: the first call for an
     * engine sets up its target and initiator and runs the simulation until the initiator connected.
     * An engine the testbed cannot provide is a {@link org.hcasim.core.config.UserException} that lists
     * the ones it can.
     */
    List<BlockDevice> devices(String ioengine);

    /** The fio view of a block testbed: its simulation, its initiator host and its ULPs' devices. */
    static FioTestbed of(BlockTestbed testbed) {
        return new FioTestbed() {
            @Override
            public Simulation simulation() {
                return testbed.simulation();
            }

            @Override
            public Host initiatorHost() {
                return testbed.initiatorHost();
            }

            @Override
            public List<BlockDevice> devices(String ioengine) {
                return testbed.devices(ioengine);
            }
        };
    }
}
