package org.hcasim.ulp.nvmeof.settings;

import java.util.Map;
import org.hcasim.spi.settings.Setting;
import org.hcasim.spi.settings.Settings;

/**
 * Host (initiator) settings: the {@code nvmeof.host.*} keys (defaults and documentation in the plugin's
 * {@code defaults.properties}).
 *
 * @param registerAlways     register every I/O's memory with a fast-registration MR (else the PD's global
 *                           rkey for single-segment I/O); chooses the registration policy when none is named
 * @param namedRegistrationPolicy the registration policy named by {@link #REGISTRATION_POLICY}, or empty
 * @param queueSize          entries per I/O queue, 16..1024
 * @param nrIoQueues         I/O queues; 0 = one per core of the host
 * @param adminQueueDepth    entries of the admin queue
 * @param submitCpuNs        CPU of the driver's queue_rq path per command (besides the WQEs it posts)
 * @param completeCpuNs      CPU of the driver's response handling and request completion per command
 * @param reconnectDelayNs   error recovery: time between reconnect attempts (nvme connect --reconnect-delay)
 * @param ctrlLossTmoNs      error recovery: how long the host tries to reconnect before it removes the controller
 *                           (nvme connect --ctrl-loss-tmo); 0 removes it at the first error
 * @param maxRetries         times a request the transport aborted is requeued (nvme_core.max_retries)
 * @param keepAliveTmoNs     keep-alive timeout kato (nvme connect --keep-alive-tmo); 0 = no keep-alive
 */
public record HostSettings(
        @Setting("nvmeof.host.register-always") boolean registerAlways,
        @Setting(REGISTRATION_POLICY) String namedRegistrationPolicy,
        @Setting("nvmeof.host.queue-size") @Setting.Range(min = MIN_QUEUE_SIZE, max = MAX_QUEUE_SIZE) int queueSize,
        @Setting("nvmeof.host.nr-io-queues") @Setting.Range(min = 0, max = 65_535) int nrIoQueues,
        @Setting("nvmeof.host.admin-queue-depth") @Setting.Range(min = 2, max = 4096) int adminQueueDepth,
        @Setting("nvmeof.host.cpu.submit-ns") @Setting.Range(min = 0, max = 1_000_000_000) long submitCpuNs,
        @Setting("nvmeof.host.cpu.complete-ns") @Setting.Range(min = 0, max = 1_000_000_000) long completeCpuNs,
        @Setting(value = "nvmeof.host.reconnect-delay", unit = Setting.Unit.DURATION)
        @Setting.Range(min = 1_000_000_000L, max = 1_000_000_000_000L) long reconnectDelayNs,
        @Setting(value = "nvmeof.host.ctrl-loss-tmo", unit = Setting.Unit.DURATION)
        @Setting.Range(min = 0, max = 1_000_000_000_000L) long ctrlLossTmoNs,
        @Setting("nvmeof.host.max-retries") @Setting.Range(min = 0, max = 255) int maxRetries,
        @Setting(value = KEEP_ALIVE_TMO, unit = Setting.Unit.DURATION)
        @Setting.Range(min = 0, max = 1_000_000_000_000L) long keepAliveTmoNs) {

    /** NVME_RDMA_QUEUE_SIZE limits: queues of fewer than 16 or more than 1024 entries are refused. */
    public static final int MIN_QUEUE_SIZE = 16;
    public static final int MAX_QUEUE_SIZE = 1024;
    /** The key naming the registration policy. */
    public static final String REGISTRATION_POLICY = "nvmeof.host.registration-policy";
    /** The key naming the CQ policy. */
    public static final String CQ_POLICY = "nvmeof.host.cq-policy";

    public static HostSettings from(Map<String, String> config, Map<String, String> defaults) {
        HostSettings s = Settings.of(config, defaults).bind(HostSettings.class);
        if (s.keepAliveTmoNs % 1_000_000_000L != 0) {
            throw new org.hcasim.spi.InvalidSettingException(KEEP_ALIVE_TMO,
                    config.getOrDefault(KEEP_ALIVE_TMO, defaults.get(KEEP_ALIVE_TMO)),
                    "must be whole seconds (nvme connect --keep-alive-tmo), 0 = off");
        }
        return s;
    }

    /** The keep-alive timeout's key. */
    public static final String KEEP_ALIVE_TMO = "nvmeof.host.keep-alive-tmo";

    /** The registration policy of the I/O queues: the one named, else what {@code register-always} implies. */
    public String registrationPolicy() {
        if (!namedRegistrationPolicy.isEmpty()) {
            return namedRegistrationPolicy;
        }
        return registerAlways ? "register-always" : "global-key-single-segment";
    }

    /**
     * Reconnect attempts before the controller is removed: nvmf_parse_options' max_reconnects =
     * DIV_ROUND_UP(ctrl_loss_tmo, reconnect_delay), counted in whole seconds as the kernel parses them.
     */
    public long maxReconnects() {
        long tmo = ctrlLossTmoNs / 1_000_000_000L;
        long delay = reconnectDelayNs / 1_000_000_000L;
        return (tmo + delay - 1) / delay;
    }

    /** kato in whole seconds, as nvmf_parse_options reads keep_alive_tmo (the Connect command carries it in ms). */
    public int katoSeconds() {
        return (int) (keepAliveTmoNs / 1_000_000_000L);
    }

    /** I/O queues on a host with {@code cores} cores. */
    public int ioQueues(int cores) {
        return nrIoQueues == 0 ? cores : nrIoQueues;
    }
}
