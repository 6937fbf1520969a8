package org.hcasim.ulp.srp.settings;

import java.util.Map;
import org.hcasim.spi.settings.Setting;
import org.hcasim.spi.settings.Settings;

/**
 * Initiator (ib_srp) settings: the {@code srp.initiator.*} keys (defaults and documentation in the plugin's
 * {@code defaults.properties}).
 *
 * @param registerAlways          register every I/O with a fast-registration MR; chooses the registration policy
 *                                when none is named
 * @param namedRegistrationPolicy the registration policy named by {@link #REGISTRATION_POLICY}, or empty
 * @param queueSize               requests per channel (commands + 1 response + 1 task management slot)
 * @param chCount                 channels; 0 = one per core
 * @param submitCpuNs             CPU of srp_queuecommand and the SCSI mid-layer per command
 * @param completeCpuNs           CPU of the response handling and SCSI completion per command
 */
public record InitiatorSettings(
        @Setting("srp.initiator.register-always") boolean registerAlways,
        @Setting(REGISTRATION_POLICY) String namedRegistrationPolicy,
        @Setting("srp.initiator.queue-size") @Setting.Range(min = 3, max = 4096) int queueSize,
        @Setting("srp.initiator.ch-count") @Setting.Range(min = 0, max = 1024) int chCount,
        @Setting("srp.initiator.cpu.submit-ns") @Setting.Range(min = 0, max = 1_000_000_000) long submitCpuNs,
        @Setting("srp.initiator.cpu.complete-ns") @Setting.Range(min = 0, max = 1_000_000_000) long completeCpuNs) {

    public static final String REGISTRATION_POLICY = "srp.initiator.registration-policy";
    public static final String CQ_POLICY = "srp.initiator.cq-policy";
    /** ib_srp: SRP_RSP_SQ_SIZE + SRP_TSK_MGMT_SQ_SIZE, the slots of queue_size that carry no command. */
    public static final int RESERVED_SLOTS = 2;

    public static InitiatorSettings from(Map<String, String> config, Map<String, String> defaults) {
        return Settings.of(config, defaults).bind(InitiatorSettings.class);
    }

    public String registrationPolicy() {
        if (!namedRegistrationPolicy.isEmpty()) {
            return namedRegistrationPolicy;
        }
        return registerAlways ? "register-always" : "global-key-single-segment";
    }

    /** Command slots per channel (SCSI can_queue per channel). */
    public int commandSlots() {
        return queueSize - RESERVED_SLOTS;
    }

    public int channels(int cores) {
        return chCount == 0 ? cores : chCount;
    }
}
