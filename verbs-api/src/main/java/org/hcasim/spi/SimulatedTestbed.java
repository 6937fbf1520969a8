package org.hcasim.spi;

import java.util.List;
import java.util.Optional;
import org.hcasim.host.Host;

/**
 * A built testbed as a custom workload sees it: its hosts (with their RDMA devices), its configuration
 * and its clock. Everything runs on the simulation's one thread.
 */
public interface SimulatedTestbed {
    /** The hosts, in testbed-file order. */
    List<Host> hosts();

    /** The host named {@code name}; an unknown name is an error naming the known hosts. */
    Host host(String name);

    /** The effective value of a configuration key, if set. */
    Optional<String> config(String key);

    /** Current simulated time in ns. */
    long now();

    /** Runs the simulation until simulated time {@code endNs} (or until no event is left). */
    void runUntil(long endNs);

    /**
     * Runs the simulation until {@code done} holds (checked before each event) or no event is left; the clock
     * then stands at the last event run, so a measured interval ends where the workload did.
     */
    void runUntil(java.util.function.BooleanSupplier done);

    /** Starts the measured interval of the run report now (ends the warm-up). */
    void startMeasuring();

    /**
     * The workload's connections are up and its traffic starts: {@code fault.link.*} times count from now (a testbed
     * holds link faults until then, so setting up is never cut off). Without faults it does nothing.
     */
    default void workloadStarts() {
    }

    /**
     * The endpoint of the message ULP {@code ulp} (e.g. {@code rds}) on host {@code host}, created on first use
     * ({@link MessageProtocol#createEndpoint}) with the testbed's configuration and policies. An unknown host, a
     * ULP the testbed does not name or one without message endpoints is an error naming what there is.
     */
    default org.hcasim.message.MessageEndpoint messageEndpoint(String ulp, String host) {
        throw new UnsupportedOperationException("this testbed has no message endpoints");
    }
}
