package org.hcasim.ulp.nvmeof.settings;

import java.util.Map;

/**
 * Host (initiator) settings: the {@code nvmeof.host.*} keys.
 *
 * @param registerAlways    register every I/O's memory with a fast-registration MR (else the PD's global
 *                          rkey for single-segment I/O); chooses the registration policy when none is named
 * @param registrationPolicy the registration policy of the I/O queues: the one named, else what
 *                          {@code registerAlways} implies
 * @param queueSize         entries per I/O queue, 16..1024
 * @param nrIoQueues        I/O queues; 0 = one per core of the host
 * @param adminQueueDepth   entries of the admin queue
 * @param submitCpuNs       CPU of the driver's queue_rq path per command (besides the WQEs it posts)
 * @param completeCpuNs     CPU of the driver's response handling and request completion per command
 */
public record HostSettings(boolean registerAlways, String registrationPolicy, int queueSize, int nrIoQueues,
                           int adminQueueDepth, long submitCpuNs, long completeCpuNs) {

    /** The key naming the registration policy. */
    public static final String REGISTRATION_POLICY = "nvmeof.host.registration-policy";
    /** The key naming the CQ policy. */
    public static final String CQ_POLICY = "nvmeof.host.cq-policy";

    /** NVME_RDMA_QUEUE_SIZE limits: queues of fewer than 16 or more than 1024 entries are refused. */
    public static final int MIN_QUEUE_SIZE = 16;
    public static final int MAX_QUEUE_SIZE = 1024;

    public static HostSettings from(Map<String, String> config, Map<String, String> defaults) {
        SettingsReader r = new SettingsReader(config, defaults);
        boolean registerAlways = r.bool("nvmeof.host.register-always");
        String named = r.raw(REGISTRATION_POLICY);
        return new HostSettings(
                registerAlways,
                !named.isEmpty() ? named : registerAlways ? "register-always" : "global-key-single-segment",
                r.integer("nvmeof.host.queue-size", MIN_QUEUE_SIZE, MAX_QUEUE_SIZE),
                r.integer("nvmeof.host.nr-io-queues", 0, 65_535),
                r.integer("nvmeof.host.admin-queue-depth", 2, 4096),
                r.nanos("nvmeof.host.cpu.submit-ns"),
                r.nanos("nvmeof.host.cpu.complete-ns"));
    }

    /** I/O queues on a host with {@code cores} cores. */
    public int ioQueues(int cores) {
        return nrIoQueues == 0 ? cores : nrIoQueues;
    }
}
