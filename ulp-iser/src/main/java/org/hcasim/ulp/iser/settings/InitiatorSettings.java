package org.hcasim.ulp.iser.settings;

import java.util.Map;
import org.hcasim.spi.settings.Setting;
import org.hcasim.spi.settings.Settings;

/**
 * Initiator settings: the {@code iser.initiator.*} keys (defaults and documentation in the plugin's
 * {@code defaults.properties}).
 */
public record InitiatorSettings(
        @Setting("iser.initiator.max-recv-data-segment-length") @Setting.Range(min = 512, max = 16_777_215) int maxRecvDataSegmentLength,
        @Setting("iser.initiator.first-burst-length") @Setting.Range(min = 512, max = 16_777_215) int firstBurstLength,
        @Setting("iser.initiator.max-burst-length") @Setting.Range(min = 512, max = 16_777_215) int maxBurstLength,
        @Setting("iser.initiator.immediate-data") boolean immediateData,
        @Setting("iser.initiator.initial-r2t") boolean initialR2T,
        @Setting("iser.initiator.cmds-max") @Setting.Range(min = 2, max = 4096) int cmdsMax,
        @Setting("iser.initiator.queue-depth") @Setting.Range(min = 1, max = 4096) int queueDepth,
        @Setting("iser.initiator.pi-enable") boolean piEnable,
        @Setting("iser.initiator.write-generate") boolean writeGenerate,
        @Setting("iser.initiator.read-verify") boolean readVerify,
        @Setting("iser.initiator.cpu.submit-ns") @Setting.Range(min = 0, max = 1_000_000_000) long submitCpuNs,
        @Setting("iser.initiator.cpu.complete-ns") @Setting.Range(min = 0, max = 1_000_000_000) long completeCpuNs,
        @Setting("iser.initiator.cpu.integrity-ns") @Setting.Range(min = 0, max = 1_000_000_000) long integrityCpuNs,
        @Setting(value = "iser.initiator.replacement-timeout", unit = Setting.Unit.DURATION)
        @Setting.Range(min = 0, max = 1_000_000_000_000L) long replacementTimeoutNs,
        @Setting(value = "iser.initiator.noop-out-interval", unit = Setting.Unit.DURATION)
        @Setting.Range(min = 0, max = 1_000_000_000_000L) long noopOutIntervalNs,
        @Setting(value = "iser.initiator.noop-out-timeout", unit = Setting.Unit.DURATION)
        @Setting.Range(min = 0, max = 1_000_000_000_000L) long noopOutTimeoutNs,
        @Setting(value = "iser.initiator.login-timeout", unit = Setting.Unit.DURATION)
        @Setting.Range(min = 1_000_000_000L, max = 1_000_000_000_000L) long loginTimeoutNs) {

    /** The key naming the registration policy. */
    public static final String REGISTRATION_POLICY = "iser.initiator.registration-policy";
    /** The key naming the CQ policy. */
    public static final String CQ_POLICY = "iser.initiator.cq-policy";

    /** Whether libiscsi pings the target (noop_out_interval and noop_out_timeout both set, as iscsi_conn_start checks). */
    public boolean pings() {
        return noopOutIntervalNs > 0 && noopOutTimeoutNs > 0;
    }

    public static InitiatorSettings from(Map<String, String> config, Map<String, String> defaults) {
        return Settings.of(config, defaults).bind(InitiatorSettings.class);
    }
}
