package org.hcasim.ulp.nvmeof.settings;

import java.util.Map;
import org.hcasim.spi.InvalidSettingException;

/**
 * Target settings: the {@code nvmeof.target.*} keys.
 *
 * @param inlineDataSize      bytes of in-capsule data an I/O command may carry (0 = none)
 * @param sendWithInvalidate  answer with SEND_WITH_INV when the host's SGL asks for invalidation
 * @param useSrq              share receive queues (a pool of SRQs, one per completion vector); chooses the
 *                            SRQ policy when none is named
 * @param srqPolicy           the SRQ policy of each port: the one named, else what {@code useSrq} implies
 * @param srqSize             receives of each SRQ, at least 256
 * @param commandCpuNs        CPU per command: receive handling, parsing, request setup and execution
 * @param responseCpuNs       CPU per command for the response and releasing the command
 */
public record TargetSettings(int inlineDataSize, boolean sendWithInvalidate, boolean useSrq, String srqPolicy,
                             int srqSize, long commandCpuNs, long responseCpuNs) {

    /** The key naming the SRQ policy. */
    public static final String SRQ_POLICY = "nvmeof.target.srq-policy";
    /** The key naming the CQ policy. */
    public static final String CQ_POLICY = "nvmeof.target.cq-policy";

    /** nvmet-rdma refuses more than 16 pages (NVMET_RDMA_MAX_INLINE_DATA_SIZE is max(16 KiB, page)). */
    public static final int MAX_INLINE_DATA_SIZE = 16_384;
    /** nvmet-rdma srq_size lower bound. */
    public static final int MIN_SRQ_SIZE = 256;

    public static TargetSettings from(Map<String, String> config, Map<String, String> defaults) {
        SettingsReader r = new SettingsReader(config, defaults);
        boolean useSrq = r.bool("nvmeof.target.use-srq");
        String named = r.raw(SRQ_POLICY);
        TargetSettings s = new TargetSettings(
                r.integer("nvmeof.target.inline-data-size", 0, MAX_INLINE_DATA_SIZE),
                r.bool("nvmeof.target.send-with-invalidate"),
                useSrq,
                !named.isEmpty() ? named : useSrq ? "per-vector" : "none",
                r.integer("nvmeof.target.srq-size", MIN_SRQ_SIZE, 1 << 20),
                r.nanos("nvmeof.target.cpu.command-ns"),
                r.nanos("nvmeof.target.cpu.response-ns"));
        if (s.inlineDataSize % 16 != 0) {
            throw new InvalidSettingException("nvmeof.target.inline-data-size", String.valueOf(s.inlineDataSize),
                    "must be a multiple of 16 (IOCCSZ counts 16-byte units)");
        }
        return s;
    }
}
