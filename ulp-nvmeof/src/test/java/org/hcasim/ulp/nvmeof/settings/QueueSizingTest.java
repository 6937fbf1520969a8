package org.hcasim.ulp.nvmeof.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.hcasim.spi.InvalidSettingException;
import org.hcasim.ulp.nvmeof.NvmeOfProvider;
import org.junit.jupiter.api.Test;

class QueueSizingTest {

    private static final Map<String, String> DEFAULTS = new NvmeOfProvider().defaultConfiguration();

    @Test
    void a_host_queue_of_128_needs_385_send_wrs_129_receives_and_a_513_entry_cq() {
        QueueSizing q = new QueueSizing(128);
        assertThat(q.sendWrs()).isEqualTo(3 * 128 + 1);
        assertThat(q.recvWrs()).isEqualTo(129);
        assertThat(q.cqEntries()).isEqualTo(4 * 128 + 1);
        assertThat(q.sqsize()).isEqualTo(127);
    }

    @Test
    void defaults_are_queue_size_128_one_queue_per_core_admin_depth_32_and_register_always() {
        HostSettings h = HostSettings.from(Map.of(), DEFAULTS);
        assertThat(h.queueSize()).isEqualTo(128);
        assertThat(h.ioQueues(24)).isEqualTo(24);
        assertThat(h.adminQueueDepth()).isEqualTo(32);
        assertThat(h.registerAlways()).isTrue();
        TargetSettings t = TargetSettings.from(Map.of(), DEFAULTS);
        assertThat(t.inlineDataSize()).isEqualTo(4096);
        assertThat(t.srqSize()).isEqualTo(1024);
        assertThat(t.useSrq()).isFalse();
    }

    @Test
    void error_recovery_defaults_are_the_kernels_and_reconnects_are_ctrl_loss_tmo_over_reconnect_delay_rounded_up() {
        HostSettings h = HostSettings.from(Map.of(), DEFAULTS);
        assertThat(h.reconnectDelayNs()).isEqualTo(10_000_000_000L);
        assertThat(h.ctrlLossTmoNs()).isEqualTo(600_000_000_000L);
        assertThat(h.maxRetries()).isEqualTo(5);
        assertThat(h.maxReconnects()).isEqualTo(60);
        assertThat(HostSettings.from(Map.of("nvmeof.host.ctrl-loss-tmo", "25s"), DEFAULTS).maxReconnects()).isEqualTo(3);
        assertThat(HostSettings.from(Map.of("nvmeof.host.ctrl-loss-tmo", "0"), DEFAULTS).maxReconnects()).isZero();
        assertThatThrownBy(() -> HostSettings.from(Map.of("nvmeof.host.reconnect-delay", "0"), DEFAULTS))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("nvmeof.host.reconnect-delay = 0");
    }

    @Test
    void queue_size_outside_16_to_1024_is_refused_naming_the_key() {
        assertThatThrownBy(() -> HostSettings.from(Map.of("nvmeof.host.queue-size", "8"), DEFAULTS))
                .isInstanceOfSatisfying(InvalidSettingException.class, e -> {
                    assertThat(e.key()).isEqualTo("nvmeof.host.queue-size");
                    assertThat(e.value()).isEqualTo("8");
                    assertThat(e.allowed()).isEqualTo("must be in 16..1024");
                })
                .hasMessage("nvmeof.host.queue-size = 8: must be in 16..1024");
        assertThatThrownBy(() -> HostSettings.from(Map.of("nvmeof.host.queue-size", "2048"), DEFAULTS))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("16..1024");
        assertThatThrownBy(() -> TargetSettings.from(Map.of("nvmeof.target.srq-size", "100"), DEFAULTS))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("nvmeof.target.srq-size = 100");
        assertThatThrownBy(() -> HostSettings.from(Map.of("nvmeof.host.register-always", "maybe"), DEFAULTS))
                .isInstanceOf(InvalidSettingException.class).hasMessage("nvmeof.host.register-always = maybe: is not true or false");
    }

    @Test
    void malformed_numbers_and_inline_sizes_off_the_16_byte_grid_are_invalid_settings() {
        assertThatThrownBy(() -> HostSettings.from(Map.of("nvmeof.host.queue-size", "many"), DEFAULTS))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessage("nvmeof.host.queue-size = many: is not an integer");
        assertThatThrownBy(() -> TargetSettings.from(Map.of("nvmeof.target.inline-data-size", "100"), DEFAULTS))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageStartingWith("nvmeof.target.inline-data-size = 100: must be a multiple of 16");
    }

    @Test
    void target_address_defaults_to_the_nvme_over_fabrics_port() {
        assertThat(TargetAddress.parse("target")).isEqualTo(new TargetAddress("target", 4420));
        assertThat(TargetAddress.parse("t1:4421").serviceId()).isEqualTo(4421);
        assertThatThrownBy(() -> TargetAddress.parse("t1:x")).hasMessageContaining("port 'x'");
    }
}
