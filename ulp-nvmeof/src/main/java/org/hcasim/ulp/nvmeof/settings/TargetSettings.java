package org.hcasim.ulp.nvmeof.settings;

import java.util.Map;
import org.hcasim.spi.InvalidSettingException;
import org.hcasim.spi.settings.Setting;
import org.hcasim.spi.settings.Settings;

/**
 * Target settings: the {@code nvmeof.target.*} keys (defaults and documentation in the plugin's
 * {@code defaults.properties}).
 *
 * @param inlineDataSize      bytes of in-capsule data an I/O command may carry (0 = none)
 * @param sendWithInvalidate  answer with SEND_WITH_INV when the host's SGL asks for invalidation
 * @param useSrq              share receive queues (a pool of SRQs, one per completion vector); chooses the
 *                            SRQ policy when none is named
 * @param namedSrqPolicy      the SRQ policy named by {@link #SRQ_POLICY}, or empty
 * @param srqSize             receives of each SRQ, at least 256
 * @param commandCpuNs        CPU per command: receive handling, parsing, request setup and execution
 * @param responseCpuNs       CPU per command for the response and releasing the command
 */
public record TargetSettings(
        @Setting("nvmeof.target.inline-data-size") @Setting.Range(min = 0, max = MAX_INLINE_DATA_SIZE) int inlineDataSize,
        @Setting("nvmeof.target.send-with-invalidate") boolean sendWithInvalidate,
        @Setting("nvmeof.target.use-srq") boolean useSrq,
        @Setting(SRQ_POLICY) String namedSrqPolicy,
        @Setting("nvmeof.target.srq-size") @Setting.Range(min = MIN_SRQ_SIZE, max = 1 << 20) int srqSize,
        @Setting("nvmeof.target.cpu.command-ns") @Setting.Range(min = 0, max = 1_000_000_000) long commandCpuNs,
        @Setting("nvmeof.target.cpu.response-ns") @Setting.Range(min = 0, max = 1_000_000_000) long responseCpuNs) {

    /** nvmet-rdma refuses more than 16 pages (NVMET_RDMA_MAX_INLINE_DATA_SIZE is max(16 KiB, page)). */
    public static final int MAX_INLINE_DATA_SIZE = 16_384;
    /** nvmet-rdma srq_size lower bound. */
    public static final int MIN_SRQ_SIZE = 256;
    /** The key naming the SRQ policy. */
    public static final String SRQ_POLICY = "nvmeof.target.srq-policy";
    /** The key naming the CQ policy. */
    public static final String CQ_POLICY = "nvmeof.target.cq-policy";

    public TargetSettings {
        if (inlineDataSize % 16 != 0) {
            throw new InvalidSettingException("nvmeof.target.inline-data-size", String.valueOf(inlineDataSize),
                    "must be a multiple of 16 (IOCCSZ counts 16-byte units)");
        }
    }

    public static TargetSettings from(Map<String, String> config, Map<String, String> defaults) {
        return Settings.of(config, defaults).bind(TargetSettings.class);
    }

    /** The SRQ policy of each port: the one named, else what {@code use-srq} implies. */
    public String srqPolicy() {
        if (!namedSrqPolicy.isEmpty()) {
            return namedSrqPolicy;
        }
        return useSrq ? "per-vector" : "none";
    }
}
