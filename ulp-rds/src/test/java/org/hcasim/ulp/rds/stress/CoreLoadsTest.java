package org.hcasim.ulp.rds.stress;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Set;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.junit.jupiter.api.Test;

/** The run report's account of the busiest cores: shares of the measured interval, split by what ran. */
class CoreLoadsTest {

    /** A one-core host whose busy time per priority is what the test last set. */
    private static final class OneCoreHost {
        final long[] busy = new long[Priority.values().length];

        Host host() {
            return (Host) Proxy.newProxyInstance(Host.class.getClassLoader(), new Class<?>[] {Host.class},
                    (proxy, method, args) -> switch (method.getName()) {
                        case "name" -> "h";
                        case "coreCount" -> 1;
                        case "busyNs" -> busy[((Priority) args[1]).ordinal()];
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }
    }

    @Test
    void aCoreBookedPastTheIntervalShowsAtMostTheWholeIntervalAndItsPartsAddUpToThat() {
        OneCoreHost h = new OneCoreHost();
        CoreLoads loads = new CoreLoads(List.of(h.host()), 1, Set.of());
        h.busy[Priority.HARD_IRQ.ordinal()] = 10_000;
        h.busy[Priority.SOFT_IRQ.ordinal()] = 100_000; // a tasklet pass booked whole runs past the interval's end
        loads.end(100_000);

        assertThat(loads.sentence(4, 10.0)).contains("h cpu0 100% (interrupts 9%, tasklets 91%, threads 0%)");
    }

    @Test
    void aCoreBusyForPartOfTheIntervalShowsEachPartAsItsShareOfTheInterval() {
        OneCoreHost h = new OneCoreHost();
        h.busy[Priority.SOFT_IRQ.ordinal()] = 5_000; // before the interval: not counted
        CoreLoads loads = new CoreLoads(List.of(h.host()), 1, Set.of());
        h.busy[Priority.HARD_IRQ.ordinal()] = 10_000;
        h.busy[Priority.SOFT_IRQ.ordinal()] = 45_000;
        loads.end(100_000);

        assertThat(loads.sentence(4, 12.5))
                .contains("h cpu0 50% (interrupts 10%, tasklets 40%, threads 0%)")
                .contains("no core saturated, bound by the 4 requests outstanding per task and their 12.5 us round trip");
    }
}
