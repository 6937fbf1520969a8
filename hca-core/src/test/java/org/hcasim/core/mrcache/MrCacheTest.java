package org.hcasim.core.mrcache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.host.SparseHostMemory;
import org.hcasim.core.hw.Fabric;
import org.hcasim.core.hw.FirmwareCommand;
import org.hcasim.core.hw.HcaHardware;
import org.hcasim.core.hw.MrCacheParams;
import org.hcasim.core.profile.Profiles;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.Priority;
import org.hcasim.spi.InvalidSettingException;
import org.junit.jupiter.api.Test;

/** The MR cache's entries, refill hysteresis, lookup policies, counters and shrinking, on a ConnectX-5. */
class MrCacheTest {
    /** mlx5_core's default limits. */
    private static final List<Integer> MLX5_LIMITS = List.of(250, 250, 250, 250, 250, 250, 250, 250, 250, 250, 250, 250,
            32, 16, 8, 4, 4, 4, 4, 2, 2);
    private static final int ORDER_6 = 4;

    /** A cache on one device of a 4-core host; its mkeys are numbers whose order the test remembers. */
    private static final class Harness implements MkeyStore<Integer> {
        final Simulation sim = new Simulation(1);
        final SimHost host = new SimHost(sim, "h", 4, Profiles.host("xeon-e5-2699v4").costs(),
                new SparseHostMemory("h", PayloadMode.ELIDED));
        final HcaHardware hw = new HcaHardware(sim, host, "h/mlx5_0", Profiles.hca("connectx5").params(),
                new Fabric(sim, 300));
        final MrCache<Integer> cache;
        final List<Integer> orders = new ArrayList<>();
        final List<Integer> destroyed = new ArrayList<>();

        Harness(String policy, List<Integer> limits) {
            cache = new MrCache<>(host, "mlx5_0/mr-cache", new MrCacheParams(limits, policy),
                    new DeviceCommands(host, hw.firmware(), hw.eventQueue(0)), this, 3);
        }

        @Override
        public Integer created(int order) {
            orders.add(order);
            return orders.size() - 1;
        }

        @Override
        public void destroyed(Integer mkey) {
            destroyed.add(mkey);
        }

        int orderOf(Integer mkey) {
            return orders.get(mkey);
        }

        /** Runs {@code body} in a thread task on core 1 now, then the simulation until nothing is left to do. */
        void inTask(Runnable body) {
            host.run(1, Priority.THREAD, "test", body);
            sim.loop().run();
        }

        List<Integer> take(int entry, int count) {
            List<Integer> taken = new ArrayList<>();
            inTask(() -> {
                for (int i = 0; i < count; i++) {
                    taken.add(cache.take(entry));
                }
            });
            return taken;
        }

        long commands(FirmwareCommand c) {
            return hw.firmware().count(c);
        }
    }

    @Test
    void entry_i_serves_registrations_of_up_to_2_to_the_i_plus_2_pages() {
        assertThat(MrCache.entryFor(1)).isZero();
        assertThat(MrCache.entryFor(4)).isZero();
        assertThat(MrCache.entryFor(5)).isEqualTo(1);
        assertThat(MrCache.entryFor(64)).as("2^6 pages: order 6, entry 4").isEqualTo(ORDER_6);
        assertThat(MrCache.entryFor(65)).as("one page more needs order 7").isEqualTo(5);
        assertThat(MrCache.entryFor(1L << 22)).isEqualTo(20);
        assertThat(MrCache.entryFor((1L << 22) + 1)).as("beyond the largest entry").isEqualTo(-1);
    }

    @Test
    void the_cache_starts_full_with_twice_each_limit() {
        Harness h = new Harness(MrCachePolicies.STRICT, MLX5_LIMITS);
        for (int e = 0; e < MrCacheParams.ENTRIES; e++) {
            assertThat(h.cache.available(e)).isEqualTo(2 * MLX5_LIMITS.get(e));
            assertThat(h.cache.total(e)).isEqualTo(2L * MLX5_LIMITS.get(e));
            assertThat(h.cache.order(e)).isEqualTo(e + 2);
        }
        assertThat(h.cache.translationBytesHeld()).as("8 bytes per page of every mkey's capacity")
                .isEqualTo(java.util.stream.IntStream.range(0, 21).mapToLong(e -> 2L * MLX5_LIMITS.get(e) * (8L << (e + 2))).sum());
    }

    @Test
    void an_entry_refills_only_below_its_limit_and_then_up_to_twice_the_limit() {
        Harness h = new Harness(MrCachePolicies.STRICT, MLX5_LIMITS);

        h.take(ORDER_6, 250);
        assertThat(h.cache.available(ORDER_6)).as("at the limit: no refill").isEqualTo(250);
        assertThat(h.commands(FirmwareCommand.CREATE_MKEY)).isZero();

        h.take(ORDER_6, 1);
        assertThat(h.cache.available(ORDER_6)).as("below the limit: refilled to the high-water mark").isEqualTo(500);
        assertThat(h.commands(FirmwareCommand.CREATE_MKEY)).as("one asynchronous creation per missing mkey").isEqualTo(251);
        assertThat(h.cache.pending(ORDER_6)).isZero();

        h.take(ORDER_6, 249);
        assertThat(h.commands(FirmwareCommand.CREATE_MKEY)).as("above the limit again: the hysteresis waits").isEqualTo(251);
        assertThat(h.cache.total(ORDER_6)).isEqualTo(751);
    }

    @Test
    void at_most_eight_creations_of_an_entry_are_in_flight() {
        Harness h = new Harness(MrCachePolicies.STRICT, MLX5_LIMITS);
        h.take(ORDER_6, 250);
        int[] most = {0};
        for (int i = 0; i < 100; i++) { // a take every microsecond pokes the refill far faster than commands complete
            h.sim.loop().at(h.sim.now() + 1_000L * i, () -> h.host.run(1, Priority.THREAD, "take", () -> h.cache.take(ORDER_6)));
        }
        for (int i = 0; i < 1000; i++) {
            h.sim.loop().at(h.sim.now() + 1_000L * i, () -> most[0] = Math.max(most[0], h.cache.pending(ORDER_6)));
        }
        h.sim.loop().run();
        assertThat(most[0]).isEqualTo(MrCache.MAX_PENDING);
        assertThat(h.cache.available(ORDER_6)).isEqualTo(500);
    }

    @Test
    void search_larger_takes_from_the_first_larger_entry_with_an_mkey_and_pokes_the_refill_of_each_visited() {
        List<Integer> limits = new ArrayList<>(Collections.nCopies(21, 0));
        limits.set(ORDER_6, 1);
        limits.set(ORDER_6 + 2, 1); // the entry of order 7 keeps none, the one of order 8 two
        Harness h = new Harness(MrCachePolicies.SEARCH_LARGER, limits);

        List<Integer> taken = h.take(ORDER_6, 4);

        assertThat(taken.subList(0, 2)).allMatch(k -> h.orderOf(k) == 6);
        assertThat(taken.subList(2, 4)).as("an order-6 registration on an mkey of order 8").allMatch(k -> h.orderOf(k) == 8);
        assertThat(h.cache.misses(ORDER_6)).isZero();
        assertThat(h.cache.available(ORDER_6)).as("the visited empty entry was refilled").isEqualTo(2);
        assertThat(h.cache.available(ORDER_6 + 2)).isEqualTo(2);
    }

    @Test
    void search_larger_misses_only_when_every_larger_entry_is_empty() {
        List<Integer> limits = new ArrayList<>(Collections.nCopies(21, 0));
        limits.set(ORDER_6, 1);
        Harness h = new Harness(MrCachePolicies.SEARCH_LARGER, limits);

        List<Integer> taken = h.take(ORDER_6, 3);

        assertThat(taken.get(2)).isNull();
        assertThat(h.cache.misses(ORDER_6)).isEqualTo(1);
    }

    @Test
    void strict_misses_on_an_empty_entry_though_larger_ones_have_mkeys() {
        Harness h = new Harness(MrCachePolicies.STRICT, MLX5_LIMITS);

        List<Integer> taken = h.take(ORDER_6, 501);

        assertThat(taken.subList(0, 500)).allMatch(k -> h.orderOf(k) == 6);
        assertThat(taken.get(500)).isNull();
        assertThat(h.cache.misses(ORDER_6)).isEqualTo(1);
        assertThat(h.cache.available(ORDER_6 + 1)).as("the larger entry is left alone").isEqualTo(500);
    }

    @Test
    void a_creation_after_a_miss_gives_an_mkey_of_the_requested_order_that_the_entry_owns_but_does_not_keep_free() {
        List<Integer> limits = new ArrayList<>(Collections.nCopies(21, 0));
        limits.set(ORDER_6, 1);
        Harness h = new Harness(MrCachePolicies.STRICT, limits);
        h.take(ORDER_6, 2);
        int[] got = {-1};
        Priority[] context = {null};

        h.inTask(() -> h.cache.createForMiss(ORDER_6, k -> {
            got[0] = k;
            context[0] = h.host.currentPriority();
        }));

        assertThat(h.orderOf(got[0])).isEqualTo(6);
        assertThat(context[0]).as("in the command's completion interrupt").isEqualTo(Priority.HARD_IRQ);
        assertThat(h.cache.total(ORDER_6)).as("2 taken, 2 refilled, 1 created for the miss").isEqualTo(5);
        assertThat(h.cache.available(ORDER_6)).isEqualTo(2);
    }

    @Test
    void the_counters_follow_takes_refills_and_misses() {
        List<Integer> limits = new ArrayList<>(Collections.nCopies(21, 0));
        limits.set(ORDER_6, 2);
        Harness h = new Harness(MrCachePolicies.STRICT, limits);
        int[] pendingAfterTakes = {-1};

        h.inTask(() -> {
            for (int i = 0; i < 5; i++) {
                h.cache.take(ORDER_6); // 4 hits, then a miss
            }
            pendingAfterTakes[0] = h.cache.pending(ORDER_6);
        });

        assertThat(pendingAfterTakes[0]).as("the refill work has not run yet inside the taking task").isZero();
        assertThat(h.cache.misses(ORDER_6)).isEqualTo(1);
        assertThat(h.cache.available(ORDER_6)).isEqualTo(4);
        assertThat(h.cache.total(ORDER_6)).as("4 in use, 4 free").isEqualTo(8);
        assertThat(h.cache.pending(ORDER_6)).isZero();
        assertThat(h.cache.createdDuringRun()).isEqualTo(4);
    }

    @Test
    void a_returned_mkey_is_the_next_one_taken() {
        Harness h = new Harness(MrCachePolicies.STRICT, MLX5_LIMITS);
        Integer first = h.take(ORDER_6, 1).get(0);

        h.inTask(() -> h.cache.giveBack(ORDER_6, first));

        assertThat(h.take(ORDER_6, 1).get(0)).isEqualTo(first);
    }

    @Test
    void a_surplus_above_twice_the_limit_is_destroyed_after_five_idle_minutes() {
        Harness h = new Harness(MrCachePolicies.STRICT, MLX5_LIMITS);
        int entry = ORDER_6 + 1;
        List<Integer> taken = h.take(entry, 300); // refilled to 500 free meanwhile: 800 in all
        long returned = h.sim.now();

        h.inTask(() -> taken.forEach(k -> h.cache.giveBack(entry, k)));

        assertThat(h.cache.available(entry)).isEqualTo(500);
        assertThat(h.cache.total(entry)).isEqualTo(500);
        assertThat(h.commands(FirmwareCommand.DESTROY_MKEY)).isEqualTo(300);
        assertThat(h.destroyed).as("the oldest go first: the 200 made at driver load, then 100 of those made since")
                .hasSize(100);
        assertThat(h.sim.now() - returned).as("shrinking waits 300 s after the last addition")
                .isGreaterThanOrEqualTo(300_000_000_000L);
    }

    @Test
    void an_unknown_policy_is_a_one_line_error_listing_the_choices() {
        assertThatThrownBy(() -> MrCachePolicies.named("lru"))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessage("hca.mr-cache.policy = lru: unknown MR cache policy; choices: search-larger, strict");
    }
}
