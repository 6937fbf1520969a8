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
 * @param reconnectDelayNs        rport recovery: time from a QP error to the first reconnect attempt and between
 *                                attempts (ib_srp reconnect_delay)
 * @param fastIoFailTmoNs         rport recovery: time from the QP error until the I/Os fail (fast_io_fail_tmo)
 * @param devLossTmoNs            rport recovery: time from the QP error until the rport is removed (dev_loss_tmo)
 */
public record InitiatorSettings(
        @Setting("srp.initiator.register-always") boolean registerAlways,
        @Setting(REGISTRATION_POLICY) String namedRegistrationPolicy,
        @Setting("srp.initiator.queue-size") @Setting.Range(min = 3, max = 4096) int queueSize,
        @Setting("srp.initiator.ch-count") @Setting.Range(min = 0, max = 1024) int chCount,
        @Setting("srp.initiator.cpu.submit-ns") @Setting.Range(min = 0, max = 1_000_000_000) long submitCpuNs,
        @Setting("srp.initiator.cpu.complete-ns") @Setting.Range(min = 0, max = 1_000_000_000) long completeCpuNs,
        @Setting(value = "srp.initiator.reconnect-delay", unit = Setting.Unit.DURATION)
        @Setting.Range(min = 1_000_000_000L, max = 1_000_000_000_000L) long reconnectDelayNs,
        @Setting(value = FAST_IO_FAIL_TMO, unit = Setting.Unit.DURATION)
        @Setting.Range(min = 0, max = 1_000_000_000_000L) long fastIoFailTmoNs,
        @Setting(value = "srp.initiator.dev-loss-tmo", unit = Setting.Unit.DURATION)
        @Setting.Range(min = 0, max = 1_000_000_000_000L) long devLossTmoNs) {

    public static final String REGISTRATION_POLICY = "srp.initiator.registration-policy";
    public static final String CQ_POLICY = "srp.initiator.cq-policy";
    /** ib_srp: SRP_RSP_SQ_SIZE + SRP_TSK_MGMT_SQ_SIZE, the slots of queue_size that carry no command. */
    public static final int RESERVED_SLOTS = 2;

    public static final String FAST_IO_FAIL_TMO = "srp.initiator.fast-io-fail-tmo";

    public static InitiatorSettings from(Map<String, String> config, Map<String, String> defaults) {
        InitiatorSettings s = Settings.of(config, defaults).bind(InitiatorSettings.class);
        if (s.fastIoFailTmoNs >= s.devLossTmoNs) { // srp_tmo_valid: fast_io_fail_tmo must be below dev_loss_tmo
            throw new org.hcasim.spi.InvalidSettingException(FAST_IO_FAIL_TMO,
                    config.getOrDefault(FAST_IO_FAIL_TMO, defaults.get(FAST_IO_FAIL_TMO)),
                    "must be less than srp.initiator.dev-loss-tmo (" + s.devLossTmoNs / 1_000_000_000L + " s), as ib_srp's srp_tmo_valid requires");
        }
        return s;
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
