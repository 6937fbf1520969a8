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
 */
public record HostSettings(
        @Setting("nvmeof.host.register-always") boolean registerAlways,
        @Setting(REGISTRATION_POLICY) String namedRegistrationPolicy,
        @Setting("nvmeof.host.queue-size") @Setting.Range(min = MIN_QUEUE_SIZE, max = MAX_QUEUE_SIZE) int queueSize,
        @Setting("nvmeof.host.nr-io-queues") @Setting.Range(min = 0, max = 65_535) int nrIoQueues,
        @Setting("nvmeof.host.admin-queue-depth") @Setting.Range(min = 2, max = 4096) int adminQueueDepth,
        @Setting("nvmeof.host.cpu.submit-ns") @Setting.Range(min = 0, max = 1_000_000_000) long submitCpuNs,
        @Setting("nvmeof.host.cpu.complete-ns") @Setting.Range(min = 0, max = 1_000_000_000) long completeCpuNs) {

    /** NVME_RDMA_QUEUE_SIZE limits: queues of fewer than 16 or more than 1024 entries are refused. */
    public static final int MIN_QUEUE_SIZE = 16;
    public static final int MAX_QUEUE_SIZE = 1024;
    /** The key naming the registration policy. */
    public static final String REGISTRATION_POLICY = "nvmeof.host.registration-policy";
    /** The key naming the CQ policy. */
    public static final String CQ_POLICY = "nvmeof.host.cq-policy";

    public static HostSettings from(Map<String, String> config, Map<String, String> defaults) {
        return Settings.of(config, defaults).bind(HostSettings.class);
    }

    /** The registration policy of the I/O queues: the one named, else what {@code register-always} implies. */
    public String registrationPolicy() {
        if (!namedRegistrationPolicy.isEmpty()) {
            return namedRegistrationPolicy;
        }
        return registerAlways ? "register-always" : "global-key-single-segment";
    }

    /** I/O queues on a host with {@code cores} cores. */
    public int ioQueues(int cores) {
        return nrIoQueues == 0 ? cores : nrIoQueues;
    }
}
