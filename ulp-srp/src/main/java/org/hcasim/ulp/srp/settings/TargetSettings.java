package org.hcasim.ulp.srp.settings;

import java.util.Map;
import org.hcasim.spi.settings.Setting;
import org.hcasim.spi.settings.Settings;

/**
 * Target (ib_srpt) settings: the {@code srp.target.*} keys.
 *
 * @param useSrq         share receive queues; chooses the SRQ policy when none is named
 * @param namedSrqPolicy the SRQ policy named by {@link #SRQ_POLICY}, or empty
 * @param srqSize        receives of each SRQ (srpt_srq_size)
 * @param maxReqSize     bytes of a receive IU buffer, the largest SRP_CMD accepted (srp_max_req_size)
 * @param commandCpuNs   CPU per command: srpt's IU handling and LIO's submission path
 * @param responseCpuNs  CPU per command for the SRP_RSP and releasing the command
 * @param rdmaRwCpuNs    CPU per command whose data moves by RDMA READ or WRITE
 */
public record TargetSettings(
        @Setting("srp.target.use-srq") boolean useSrq,
        @Setting(SRQ_POLICY) String namedSrqPolicy,
        @Setting("srp.target.srq-size") @Setting.Range(min = 4, max = 65_535) int srqSize,
        @Setting("srp.target.max-req-size") @Setting.Range(min = 996, max = 65_536) int maxReqSize,
        @Setting("srp.target.cpu.command-ns") @Setting.Range(min = 0, max = 1_000_000_000) long commandCpuNs,
        @Setting("srp.target.cpu.response-ns") @Setting.Range(min = 0, max = 1_000_000_000) long responseCpuNs,
        @Setting("srp.target.cpu.rdma-rw-ns") @Setting.Range(min = 0, max = 1_000_000_000) long rdmaRwCpuNs) {

    public static final String SRQ_POLICY = "srp.target.srq-policy";
    public static final String CQ_POLICY = "srp.target.cq-policy";
    /** ib_srpt MAX_SRPT_RQ_SIZE: receives of a channel without SRQ, and the request limit it grants at login. */
    public static final int RQ_SIZE = 128;
    /** ib_srpt MAX_SRPT_RSP_SIZE: the largest SRP_RSP (36 bytes + sense) it sends. */
    public static final int MAX_RSP_SIZE = 1024;

    public static TargetSettings from(Map<String, String> config, Map<String, String> defaults) {
        return Settings.of(config, defaults).bind(TargetSettings.class);
    }

    /** The SRQ policy of each port: the one named, else srpt's one SRQ per device with use_srq, else none. */
    public String srqPolicy() {
        if (!namedSrqPolicy.isEmpty()) {
            return namedSrqPolicy;
        }
        return useSrq ? "per-device" : "none";
    }
}
