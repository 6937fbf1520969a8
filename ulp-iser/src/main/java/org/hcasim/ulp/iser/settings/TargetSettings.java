package org.hcasim.ulp.iser.settings;

import java.util.Map;
import org.hcasim.spi.settings.Setting;
import org.hcasim.spi.settings.Settings;

/** Target settings: the {@code iser.target.*} keys (defaults and documentation in the plugin's {@code defaults.properties}). */
public record TargetSettings(
        @Setting("iser.target.max-recv-data-segment-length") @Setting.Range(min = 512, max = 16_777_215) int maxRecvDataSegmentLength,
        @Setting("iser.target.first-burst-length") @Setting.Range(min = 512, max = 16_777_215) int firstBurstLength,
        @Setting("iser.target.max-burst-length") @Setting.Range(min = 512, max = 16_777_215) int maxBurstLength,
        @Setting("iser.target.immediate-data") boolean immediateData,
        @Setting("iser.target.initial-r2t") boolean initialR2T,
        @Setting("iser.target.t10-pi") boolean t10Pi,
        @Setting("iser.target.cmdsn-depth") @Setting.Range(min = 1, max = 4096) int cmdsnDepth,
        @Setting("iser.target.cpu.command-ns") @Setting.Range(min = 0, max = 1_000_000_000) long commandCpuNs,
        @Setting("iser.target.cpu.response-ns") @Setting.Range(min = 0, max = 1_000_000_000) long responseCpuNs) {

    /** The key naming the registration policy of the target's integrity transfers. */
    public static final String REGISTRATION_POLICY = "iser.target.registration-policy";
    /** The key naming the CQ policy. */
    public static final String CQ_POLICY = "iser.target.cq-policy";

    public static TargetSettings from(Map<String, String> config, Map<String, String> defaults) {
        return Settings.of(config, defaults).bind(TargetSettings.class);
    }
}
