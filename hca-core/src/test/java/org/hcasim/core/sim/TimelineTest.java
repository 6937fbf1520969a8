package org.hcasim.core.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TimelineTest {

    @Test
    void attributed_busy_time_is_split_by_cause_the_rest_going_to_the_other_cause_until_reset() {
        Timeline t = new Timeline("engine", ResourceKind.HCA_ENGINE, 1).otherCause("processing");
        t.acquire(0, 100);
        t.attribute("fetch", 70);
        t.acquire(100, 50);

        assertThat(t.busyByCause()).containsExactly(
                java.util.Map.entry("fetch", 70L), java.util.Map.entry("processing", 80L));
        assertThatThrownBy(() -> t.attribute("fetch", 81)).hasMessageContaining("only 80 ns");
        t.resetStats();
        assertThat(t.busyByCause()).isEmpty();
    }

    @Test
    void an_idle_unit_serves_at_arrival() {
        Timeline t = new Timeline("engine", ResourceKind.HCA_ENGINE, 1);
        assertThat(t.acquire(100, 50)).isEqualTo(150);
        assertThat(t.waitNs()).isZero();
    }

    @Test
    void deterministic_arrivals_faster_than_service_wait_as_the_closed_form_says() {
        // Arrivals every a ns, service s > a, one unit: request i waits i*(s-a).
        long a = 40;
        long s = 100;
        int n = 1000;
        Timeline t = new Timeline("link", ResourceKind.LINK, 1);
        long totalWait = 0;
        for (int i = 0; i < n; i++) {
            long arrival = i * a;
            long finish = t.acquire(arrival, s);
            long wait = finish - s - arrival;
            assertThat(wait).isEqualTo(i * (s - a));
            totalWait += wait;
        }
        assertThat(t.waitNs()).isEqualTo(totalWait).isEqualTo((s - a) * (long) n * (n - 1) / 2);
        assertThat(t.busyNs()).isEqualTo(n * s);
    }

    @Test
    void with_k_units_a_burst_is_served_k_at_a_time() {
        // n simultaneous arrivals, k units, service s: request i finishes at (i/k + 1)*s.
        int k = 4;
        long s = 30;
        Timeline t = new Timeline("engines", ResourceKind.HCA_ENGINE, k);
        for (int i = 0; i < 20; i++) {
            assertThat(t.acquire(0, s)).isEqualTo((i / k + 1) * s);
        }
        assertThat(t.allFreeAt()).isEqualTo(5 * s);
    }

    @Test
    void arrivals_slower_than_service_never_wait_and_utilisation_is_service_over_interarrival() {
        ResourceRegistry reg = new ResourceRegistry();
        Timeline t = reg.register(new Timeline("pcie.up", ResourceKind.PCIE, 1));
        for (int i = 0; i < 100; i++) {
            t.acquire(i * 200L, 50);
        }
        assertThat(t.waitNs()).isZero();
        ResourceUsage u = reg.usage(100 * 200L).get(0);
        assertThat(u.utilisation()).isEqualTo(0.25);
    }

    @Test
    void the_registry_names_the_most_utilised_resource_as_the_bottleneck() {
        ResourceRegistry reg = new ResourceRegistry();
        Timeline a = reg.register(new Timeline("a", ResourceKind.LINK, 1));
        Timeline b = reg.register(new Timeline("b", ResourceKind.PCIE, 2));
        Timeline c = reg.register(new Timeline("c", ResourceKind.FIRMWARE, 1));
        a.acquire(0, 300);
        b.acquire(0, 500);
        b.acquire(0, 500); // 1000 busy over 2 units = 50%
        c.acquire(0, 700);

        assertThat(reg.bottleneck(1000)).get().extracting(ResourceUsage::name).isEqualTo("c");
    }

    @Test
    void statistics_restart_after_a_reset() {
        ResourceRegistry reg = new ResourceRegistry();
        Timeline t = reg.register(new Timeline("x", ResourceKind.OTHER, 1));
        t.acquire(0, 100);
        reg.resetStats(100);
        t.acquire(100, 10);

        assertThat(reg.usage(200).get(0).utilisation()).isEqualTo(0.1);
    }

    @Test
    void traced_timelines_report_each_service_as_a_span() {
        Tracer tracer = new Tracer();
        TraceRecorder rec = new TraceRecorder(10);
        tracer.use(rec);
        Timeline t = new Timeline("fw", ResourceKind.FIRMWARE, 1, tracer);
        t.acquire(5, 20, "create-mkey");
        t.acquire(5, 20, "create-mkey");

        assertThat(rec.records()).extracting(TraceRecorder.Record::startNs).containsExactly(5L, 25L);
        assertThat(rec.records()).extracting(TraceRecorder.Record::name).containsOnly("create-mkey");
    }

    @Test
    void a_single_unit_serves_an_earlier_arrival_in_the_gap_before_a_booking_made_ahead_of_time() {
        Timeline t = new Timeline("pcie.up", ResourceKind.PCIE, 1);
        assertThat(t.acquire(1_000, 100)).isEqualTo(1_100); // booked ahead (e.g. a CQE after its data lands)
        assertThat(t.acquire(200, 50)).isEqualTo(250);      // booked later, arrives earlier: uses the gap
        assertThat(t.acquire(950, 100)).isEqualTo(1_200);   // does not fit before 1000: after the booking
        assertThat(t.busyNs()).isEqualTo(250);
    }

    @Test
    void a_single_unit_never_lets_a_later_arrival_overtake_an_earlier_one() {
        Timeline t = new Timeline("port.tx", ResourceKind.LINK, 1);
        t.acquire(300, 100);                                 // booked ahead: [300, 400)
        assertThat(t.acquire(150, 200)).isEqualTo(600);      // a big packet does not fit before 300: [400, 600)
        assertThat(t.acquire(160, 10)).isEqualTo(610);       // the next packet of its flow stays behind it
    }
}
