package org.hcasim.core.hw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumMap;
import java.util.Map;
import org.hcasim.core.sim.Simulation;
import org.junit.jupiter.api.Test;

class EnginesTest {
    private final Simulation sim = new Simulation(1);
    private final PcieLink pcie = new PcieLink(sim, "pcie", PcieLinkTest.GEN3_X8);

    @Test
    void an_engine_charges_per_operation_and_per_byte_on_k_units() {
        ProcessingEngine e = new ProcessingEngine(sim, "send", new EngineParams(2, 100, 0.5));
        assertThat(e.process(0, 200)).isEqualTo(200);
        assertThat(e.process(0, 200)).isEqualTo(200);
        assertThat(e.process(0, 200)).as("third waits for a unit").isEqualTo(400);
    }

    private final java.util.List<Long> finished = new java.util.ArrayList<>();

    private FetchingEngine umr(String name) {
        return new FetchingEngine(sim, name, new EngineParams(1, 100, 0), pcie, "registration-list fetch");
    }

    @Test
    void an_operation_that_fetches_its_input_holds_the_unit_for_the_pcie_round_trip() {
        FetchingEngine umr = umr("umr");
        umr.submit(0, 128, 0, "umr", finished::add);
        umr.submit(0, 128, 0, "umr", finished::add);
        sim.loop().run();

        long fetch = new PcieLink(new Simulation(1), "p", PcieLinkTest.GEN3_X8).dmaRead(0, 128);
        assertThat(finished.get(0)).isEqualTo(fetch + 100);
        assertThat(finished.get(1) - finished.get(0)).as("serialised: one fetch round trip per registration")
                .isGreaterThanOrEqualTo(700 + 100);
    }

    @Test
    void a_fetch_waits_for_the_tlps_queued_ahead_on_pcie_not_for_the_whole_message_being_written() {
        FetchingEngine umr = umr("umr");
        pcie.dmaWrite(0, 64 * 1024); // 64 KiB of data on its way up when the registration starts: 9 us of TLPs
        umr.submit(0, 128, 0, "umr", finished::add);
        sim.loop().run();

        PcieLink quiet = new PcieLink(new Simulation(1), "quiet", PcieLinkTest.GEN3_X8);
        long alone = quiet.dmaRead(0, 128) + 100;
        PcieLink loaded = new PcieLink(new Simulation(1), "loaded", PcieLinkTest.GEN3_X8);
        loaded.dmaWrite(0, 64 * 1024);
        long behindTheWrite = loaded.dmaRead(0, 128) + 100;
        assertThat(finished).containsExactly(behindTheWrite);
        assertThat(behindTheWrite - alone).as("one 280-byte TLP of the write, 36 ns").isBetween(30L, 40L);
    }

    @Test
    void a_fetched_registration_accounts_its_wait_for_the_list_as_list_fetch_and_the_rest_as_processing() {
        FetchingEngine umr = umr("umr");
        long fetch = new PcieLink(new Simulation(1), "p", PcieLinkTest.GEN3_X8).dmaRead(0, 128);

        umr.submit(0, 128, 0, "umr", finished::add);
        umr.submit(10_000, 0, 0, "umr-inline", finished::add);
        sim.loop().run();

        assertThat(umr.timeline().busyByCause()).containsExactly(
                Map.entry("registration-list fetch", fetch), Map.entry(ProcessingEngine.PROCESSING, 200L));
        assertThat(umr.timeline().busyByCause().values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo(umr.timeline().busyNs());
    }

    @Test
    void an_engine_that_never_fetches_does_not_split_its_busy_time() {
        ProcessingEngine send = new ProcessingEngine(sim, "send", new EngineParams(1, 100, 0));
        send.process(0, 0);
        assertThat(send.timeline().busyByCause()).isEmpty();
    }

    @Test
    void the_umr_engine_names_its_fetches_registration_list_fetch_in_the_usage_records() {
        umr("hca/umr-engine").submit(0, 4096, 0, "umr", finished::add);
        sim.loop().run();
        var usage = sim.resources().usage(1_000_000).stream().filter(u -> u.name().equals("hca/umr-engine")).findFirst().orElseThrow();
        assertThat(usage.busyByCause()).containsOnlyKeys("registration-list fetch", ProcessingEngine.PROCESSING);
        assertThat(usage.busyByCause().get("registration-list fetch")).isGreaterThan(100);
    }

    @Test
    void translation_hits_are_fast_and_misses_read_a_line_over_pcie() {
        TranslationCache cache = new TranslationCache(sim, "tc", new TranslationParams(2, 64, 10, 40, 0), pcie);
        long miss = cache.translate(0, 0x1234, 0, 8, 8); // 8 MTT entries = one 64 B line
        long hit = cache.translate(10_000, 0x1234, 0, 8, 8);

        assertThat(miss).isGreaterThan(700);
        assertThat(hit).isEqualTo(10_010);
        assertThat(cache.hits()).isEqualTo(1);
        assertThat(cache.misses()).isEqualTo(1);
    }

    @Test
    void the_least_recently_used_line_is_evicted() {
        TranslationCache cache = new TranslationCache(sim, "tc", new TranslationParams(2, 64, 10, 40, 0), pcie);
        cache.translate(0, 1, 0, 1, 8);
        cache.translate(0, 2, 0, 1, 8);
        cache.translate(0, 1, 0, 1, 8); // touch key 1
        cache.translate(0, 3, 0, 1, 8); // evicts key 2
        cache.translate(0, 1, 0, 1, 8);
        cache.translate(0, 2, 0, 1, 8);

        assertThat(cache.hits()).isEqualTo(2);
        assertThat(cache.misses()).isEqualTo(4);
    }

    @Test
    void firmware_commands_are_serialized_with_their_own_latencies() {
        Map<FirmwareCommand, Long> lat = new EnumMap<>(FirmwareCommand.class);
        for (FirmwareCommand c : FirmwareCommand.values()) {
            lat.put(c, 1000L);
        }
        lat.put(FirmwareCommand.CREATE_MKEY, 15_000L);
        FirmwareCommandInterface fw = new FirmwareCommandInterface(sim, "fw", 1, lat, 10.0);

        assertThat(fw.execute(0, FirmwareCommand.CREATE_MKEY)).isEqualTo(15_000);
        assertThat(fw.execute(0, FirmwareCommand.MODIFY_CQ)).isEqualTo(16_000);
        assertThat(fw.count(FirmwareCommand.CREATE_MKEY)).isEqualTo(1);
        assertThat(sim.resources().bottleneck(16_000)).get().extracting(u -> u.name()).isEqualTo("fw");
    }

    @Test
    void creating_translation_entries_holds_the_interface_while_the_firmware_writes_them_at_the_link_rate() {
        Map<FirmwareCommand, Long> lat = new EnumMap<>(FirmwareCommand.class);
        for (FirmwareCommand c : FirmwareCommand.values()) {
            lat.put(c, 1000L);
        }
        FirmwareCommandInterface fw = new FirmwareCommandInterface(sim, "fw", 1, lat, 10.0);

        long small = fw.execute(0, FirmwareCommand.CREATE_MKEY, 512);        // 2^6 pages: 512 B of MTT
        long large = fw.execute(0, FirmwareCommand.CREATE_MKEY, 1L << 20);   // 2^17 pages: 1 MiB of MTT
        long next = fw.execute(0, FirmwareCommand.MODIFY_CQ);

        assertThat(small).isEqualTo(1000 + 51);
        assertThat(large).isEqualTo(small + 1000 + 104_858);
        assertThat(next).isEqualTo(large + 1000);
        assertThat(sim.resources().usage(next).stream().filter(u -> u.name().equals("fw")).findFirst().orElseThrow()
                .busyByCause()).containsEntry(FirmwareCommandInterface.TABLE_INIT, 51L + 104_858L)
                .containsEntry("command", 3000L);
    }

    @Test
    void a_firmware_table_without_every_command_is_rejected() {
        assertThatThrownBy(() -> new FirmwareCommandInterface(sim, "fw", 1, Map.of(), 10.0))
                .hasMessageContaining("no firmware latency for command create-mkey");
    }
}
