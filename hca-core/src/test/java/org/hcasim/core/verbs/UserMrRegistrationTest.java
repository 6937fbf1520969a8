package org.hcasim.core.verbs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.hw.FirmwareCommand;
import org.hcasim.core.mrcache.MrCache;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.core.verbs.mkey.AccessBits;
import org.hcasim.core.verbs.mkey.KeyCheck;
import org.hcasim.core.verbs.mkey.Mkey;
import org.hcasim.host.Priority;
import org.hcasim.spi.RunReport;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.VerbsException;
import org.junit.jupiter.api.Test;

/** ib_reg_user_mr / ib_dereg_mr in simulated time: pinning, the MR cache, the UMR, and giving mkeys back. */
class UserMrRegistrationTest {
    private static final long MR_BYTES = 64 * 4096;
    private static final int ORDER_6 = 4;

    /** One host with one device and a PD; registrations run from a thread task on core 1. */
    private static final class OneDevice {
        final VerbsTestbed tb;
        final SimRdmaDevice dev;
        final ProtectionDomain pd;

        OneDevice(String hca) {
            tb = VerbsTestbed.builder().hosts("h").coresPerHost(4).hca(hca).build();
            dev = tb.device(0);
            pd = dev.allocPd();
        }

        long buffer(long bytes, long offset) {
            return tb.host(0).memory().allocatePayload(bytes + offset, 4096) + offset;
        }

        /** Registers {@code [iova, +length)} from a thread task on core 1 and runs until it returned. */
        MemoryRegion register(long iova, long length) {
            MemoryRegion[] mr = {null};
            tb.host(0).run(1, Priority.THREAD, "register", () -> pd.regUserMr(iova, length, AccessFlag.all(), r -> mr[0] = r));
            tb.run();
            return mr[0];
        }

        void deregister(MemoryRegion mr) {
            boolean[] done = {false};
            tb.host(0).run(1, Priority.THREAD, "deregister", () -> mr.deregister(() -> done[0] = true));
            tb.run();
            assertThat(done[0]).isTrue();
        }
    }

    private final OneDevice one = new OneDevice("connectx5");
    private final VerbsTestbed tb = one.tb;
    private final SimRdmaDevice dev = one.dev;
    private final ProtectionDomain pd = one.pd;

    private long buffer(long bytes, long offset) {
        return one.buffer(bytes, offset);
    }

    private MemoryRegion register(long iova, long length) {
        return one.register(iova, length);
    }

    private void deregister(MemoryRegion mr) {
        one.deregister(mr);
    }

    private MrCache<Mkey> cache() {
        return dev.userMrs().cache();
    }

    @Test
    void a_registration_returns_later_on_the_calling_core_with_a_valid_user_region() {
        long iova = buffer(MR_BYTES, 0);
        List<String> seen = new ArrayList<>();
        long[] calledAt = {0};
        tb.host(0).run(1, Priority.THREAD, "register", () -> {
            calledAt[0] = tb.host(0).now();
            pd.regUserMr(iova, MR_BYTES, AccessFlag.all(), mr -> {
                seen.add(tb.host(0).currentCore() + " " + tb.host(0).currentPriority());
                assertThat(mr.type()).isEqualTo(MrType.USER);
                assertThat(mr.isValid()).isTrue();
                assertThat(mr.iova()).isEqualTo(iova);
                assertThat(mr.length()).isEqualTo(MR_BYTES);
                assertThat(tb.host(0).now() - calledAt[0]).as("pinning, the UMR and the wake-up take time")
                        .isGreaterThan(5_000);
            });
            seen.add("returned");
        });
        tb.run();

        assertThat(seen).containsExactly("returned", "1 THREAD");
        assertThat(dev.hardware().umrEngine().timeline().uses()).as("one UMR loaded the translation").isEqualTo(1);
        assertThat(dev.hardware().firmware().count(FirmwareCommand.CREATE_MKEY)).as("a cache hit creates nothing").isZero();
    }

    @Test
    void a_registered_region_translates_its_range_for_its_pd_only() {
        long iova = buffer(MR_BYTES, 0);
        MemoryRegion mr = register(iova, MR_BYTES);

        assertThat(dev.keys().check(mr.lkey(), (SimProtectionDomain) pd, iova, MR_BYTES, AccessBits.of(AccessFlag.all()))).isEqualTo(KeyCheck.OK);
        assertThat(dev.keys().check(mr.lkey(), (SimProtectionDomain) dev.allocPd(), iova, 8, AccessBits.NONE))
                .isEqualTo(KeyCheck.WRONG_PD);
        assertThat(dev.keys().check(mr.lkey(), (SimProtectionDomain) pd, iova, MR_BYTES + 1, AccessBits.NONE))
                .isEqualTo(KeyCheck.OUT_OF_BOUNDS);
    }

    @Test
    void a_deregistered_mkey_is_reused_by_the_next_registration_of_its_order() {
        MemoryRegion first = register(buffer(MR_BYTES, 0), MR_BYTES);
        deregister(first);
        assertThat(first.isValid()).isFalse();

        MemoryRegion next = register(buffer(MR_BYTES, 0), MR_BYTES);

        assertThat(next.lkey() >>> 8).as("the same mkey index").isEqualTo(first.lkey() >>> 8);
        assertThat(next.lkey()).as("and the same key: mlx5's cache does not change a reused mkey's variant")
                .isEqualTo(first.lkey());
        assertThat(next.isValid()).isTrue();
    }

    @Test
    void deregistration_revokes_with_a_umr_and_gives_the_mkey_back_to_its_entry() {
        MemoryRegion mr = register(buffer(MR_BYTES, 0), MR_BYTES);
        int before = cache().available(ORDER_6);

        deregister(mr);

        assertThat(cache().available(ORDER_6)).isEqualTo(before + 1);
        assertThat(dev.hardware().umrEngine().timeline().uses()).as("load, then revoke").isEqualTo(2);
        assertThat(dev.hardware().firmware().count(FirmwareCommand.DESTROY_MKEY)).isZero();
    }

    @Test
    void a_buffer_that_straddles_one_page_more_takes_the_next_order() {
        register(buffer(MR_BYTES, 100), MR_BYTES); // 65 pages touched

        assertThat(cache().available(ORDER_6)).isEqualTo(500);
        assertThat(cache().available(ORDER_6 + 1)).isEqualTo(499);
    }

    @Test
    void without_an_mr_cache_every_registration_creates_its_mkey_and_deregistration_destroys_it() {
        OneDevice cx3 = new OneDevice("connectx3");
        MemoryRegion mr = cx3.register(cx3.buffer(MR_BYTES, 0), MR_BYTES);
        assertThat(mr.isValid()).isTrue();
        assertThat(cx3.dev.hardware().firmware().count(FirmwareCommand.CREATE_MKEY)).isEqualTo(1);
        assertThat(cx3.dev.hardware().umrEngine().timeline().uses()).as("the page list travels in the command").isZero();

        cx3.deregister(mr);

        assertThat(cx3.dev.hardware().firmware().count(FirmwareCommand.DESTROY_MKEY)).isEqualTo(1);
    }

    @Test
    void registering_outside_a_task_is_refused() {
        long iova = buffer(MR_BYTES, 0);
        assertThatThrownBy(() -> pd.regUserMr(iova, MR_BYTES, AccessFlag.all(), mr -> { }))
                .isInstanceOf(VerbsException.class).hasMessageContaining("inside a task")
                .satisfies(e -> assertThat(((VerbsException) e).errno()).isEqualTo(Errno.EINVAL));
    }

    @Test
    void registering_memory_that_is_not_allocated_is_refused_at_once() {
        long iova = buffer(4096, 0);
        RuntimeException[] thrown = {null};
        tb.host(0).run(1, Priority.THREAD, "register", () -> {
            try {
                pd.regUserMr(iova, MR_BYTES, AccessFlag.all(), mr -> { });
            } catch (VerbsException e) {
                thrown[0] = e;
            }
        });
        tb.run();
        assertThat(thrown[0]).hasMessageContaining("regUserMr").hasMessageContaining("not allocated");
    }

    @Test
    void deregistering_twice_is_refused() {
        MemoryRegion mr = register(buffer(MR_BYTES, 0), MR_BYTES);
        deregister(mr);
        RuntimeException[] thrown = {null};
        tb.host(0).run(1, Priority.THREAD, "again", () -> {
            try {
                mr.deregister(() -> { });
            } catch (VerbsException e) {
                thrown[0] = e;
            }
        });
        tb.run();
        assertThat(thrown[0]).hasMessageContaining("deregistered MR");
    }

    @Test
    void the_run_report_shows_the_cache_the_registrations_and_the_translation_memory() {
        register(buffer(MR_BYTES, 0), MR_BYTES);

        RunReport r = UserMrReports.annotate(new RunReport(0, List.of()), tb.hosts());

        assertThat(r.policies()).containsEntry("hca.mr-cache.policy", "strict");
        assertThat(r.tables()).extracting(t -> t.title()).containsExactly("h/mlx5_0 MR cache (strict)",
                "h/mlx5_0 user MR registrations");
        assertThat(r.tables().get(0).rows().get(ORDER_6)).containsExactly(4L, 6L, 250L, 499L, 500L, 0L, 0L);
        assertThat(r.tables().get(1).rows().get(0).subList(0, 6)).as("one registration, a hit; nothing created yet")
                .containsExactly(1L, 1L, 0L, 0L, 0L, 0L);
        assertThat(r.memoryBytes()).containsEntry("h/mlx5_0 of which beyond the registered pages of in-use MRs", 0L);
    }
}
