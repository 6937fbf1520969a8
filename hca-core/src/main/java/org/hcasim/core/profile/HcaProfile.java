package org.hcasim.core.profile;

import java.util.EnumMap;
import java.util.Map;
import org.hcasim.core.hw.EngineParams;
import org.hcasim.core.hw.FirmwareCommand;
import org.hcasim.core.hw.HcaParams;
import org.hcasim.core.hw.LinkParams;
import org.hcasim.core.hw.MrCacheParams;
import org.hcasim.core.mrcache.MrCachePolicies;
import org.hcasim.core.hw.PcieParams;
import org.hcasim.core.hw.SendPipelineParams;
import org.hcasim.core.hw.SignatureParams;
import org.hcasim.core.hw.TranslationParams;
import org.hcasim.core.hw.VerbsLimits;
import org.hcasim.verbs.DeviceCapability;

/**
 * A typed HCA profile: the {@code hca.*} keys of a properties file (possibly overridden by configuration),
 * validated into {@link HcaParams}.
 */
public final class HcaProfile {
    private final String name;
    private final Map<String, String> values;
    private final HcaParams params;

    private HcaProfile(String name, Map<String, String> values, HcaParams params) {
        this.name = name;
        this.values = values;
        this.params = params;
    }

    /**
     * Builds a profile from {@code hca.*} key/values (e.g. a bundled profile with configuration overrides
     * applied); a missing, malformed or unknown key, or values that contradict each other (a read latency
     * spread wider than twice the latency), is a {@link ProfileException} naming it and {@code source}.
     */
    public static HcaProfile fromValues(String name, String source, Map<String, String> hcaValues) {
        try {
            return build(name, source, hcaValues);
        } catch (ProfileException e) {
            throw e;
        } catch (IllegalArgumentException inconsistent) { // from the parameter records' own checks
            throw new ProfileException(source + ": " + inconsistent.getMessage());
        }
    }

    private static HcaProfile build(String name, String source, Map<String, String> hcaValues) {
        ProfileValues v = new ProfileValues(source, hcaValues);
        v.string("hca.description");
        PcieParams pcie = new PcieParams(
                v.positiveInt("hca.pcie.lanes"),
                v.boundedDouble("hca.pcie.gt-per-second", 0.1, 1000),
                v.boundedDouble("hca.pcie.encoding-efficiency", 0.01, 1),
                v.nonNegativeInt("hca.pcie.tlp-overhead-bytes"),
                v.positiveInt("hca.pcie.max-payload-bytes"),
                v.positiveInt("hca.pcie.max-read-request-bytes"),
                v.nonNegativeLong("hca.pcie.read-latency-ns"),
                v.nonNegativeLong("hca.pcie.read-latency-spread-ns"),
                v.nonNegativeLong("hca.pcie.write-latency-ns"),
                v.nonNegativeLong("hca.pcie.mmio-latency-ns"),
                v.positiveInt("hca.pcie.max-outstanding-reads"));
        LinkParams link = new LinkParams(
                v.boundedDouble("hca.port.rate-gbps", 0.1, 10_000),
                v.nonNegativeLong("hca.port.latency-ns"),
                v.oneOf("hca.port.mtu-bytes", 256, 512, 1024, 2048, 4096),
                v.nonNegativeInt("hca.port.header-bytes-per-packet"));
        Map<FirmwareCommand, Long> fw = new EnumMap<>(FirmwareCommand.class);
        for (FirmwareCommand c : FirmwareCommand.values()) {
            fw.put(c, v.nonNegativeLong("hca.firmware." + c.key() + "-ns"));
        }
        HcaParams params = new HcaParams(name, pcie, link,
                engine(v, "hca.engine.send"), engine(v, "hca.engine.receive"), engine(v, "hca.engine.umr"),
                v.nonNegativeInt("hca.umr.inline-max-bytes"),
                v.positiveInt("hca.wqe.basic-block-bytes"),
                new SendPipelineParams(v.positiveInt("hca.send.prefetch-basic-blocks"),
                        v.positiveInt("hca.send.wqes-in-flight-per-qp")),
                v.positiveInt("hca.cqe.bytes"),
                new TranslationParams(
                        v.positiveInt("hca.translation.cache-lines"),
                        v.positiveInt("hca.translation.line-bytes"),
                        v.nonNegativeLong("hca.translation.hit-ns"),
                        v.nonNegativeLong("hca.translation.klm-indirection-ns"),
                        v.nonNegativeLong("hca.translation.receive-miss-stall-ns")),
                v.positiveInt("hca.firmware.parallel-commands"),
                fw,
                v.positiveInt("hca.completion-vectors"),
                v.nonNegativeLong("hca.port.switch-latency-ns"),
                mrCache(v, source),
                v.nonNegativeLong("hca.srq.wqe-fetch-stall-ns"),
                v.positiveInt("hca.srq.wqe-prefetch-depth"),
                new SignatureParams(v.positiveInt("hca.signature.fetch-contexts")),
                verbsLimits(v));
        v.requireAllRead();
        return new HcaProfile(name, v.asMap(), params);
    }

    private static VerbsLimits verbsLimits(ProfileValues v) {
        return new VerbsLimits(
                v.positiveInt("hca.verbs.max-qp"),
                v.positiveInt("hca.verbs.max-qp-wr"),
                v.positiveInt("hca.verbs.max-sge"),
                v.positiveInt("hca.verbs.max-sge-rd"),
                v.positiveInt("hca.verbs.max-cq"),
                v.positiveInt("hca.verbs.max-cqe"),
                v.positiveInt("hca.verbs.max-mr"),
                v.positiveLimit("hca.verbs.max-mr-size"),
                v.positiveInt("hca.verbs.max-pd"),
                v.positiveInt("hca.verbs.max-fast-reg-page-list-len"),
                v.nonNegativeInt("hca.verbs.max-pi-fast-reg-page-list-len"),
                v.positiveInt("hca.verbs.max-srq"),
                v.positiveInt("hca.verbs.max-srq-wr"),
                v.positiveInt("hca.verbs.max-srq-sge"),
                v.nonNegativeInt("hca.verbs.max-inline-data"),
                v.positiveLong("hca.verbs.max-msg-size"),
                v.enumSet("hca.verbs.capabilities", DeviceCapability.class));
    }

    /** {@code hca.mr-cache.limits} (comma-separated, one per entry from entry 0; may be empty) and the policy. */
    private static MrCacheParams mrCache(ProfileValues v, String source) {
        String key = "hca.mr-cache.limits";
        String text = v.string(key);
        java.util.List<Integer> limits = new java.util.ArrayList<>();
        if (!text.isEmpty()) {
            for (String part : text.split(",", -1)) {
                try {
                    long l = org.hcasim.spi.settings.SettingGrammar.parseLong(part.strip());
                    if (l < 0 || l > Integer.MAX_VALUE) {
                        throw new IllegalArgumentException("limits must be in 0.." + Integer.MAX_VALUE);
                    }
                    limits.add((int) l);
                } catch (IllegalArgumentException e) {
                    throw new ProfileException(source + ": '" + key + "' = '" + text + "': '" + part.strip() + "' "
                            + e.getMessage());
                }
            }
        }
        if (limits.size() > MrCacheParams.ENTRIES) {
            throw new ProfileException(source + ": '" + key + "' lists " + limits.size() + " limits; the MR cache has "
                    + MrCacheParams.ENTRIES + " entries (orders 2..22)");
        }
        String policy = v.string(MrCachePolicies.KEY);
        MrCachePolicies.named(policy); // an unknown name is a one-line error listing the choices
        return new MrCacheParams(limits, policy);
    }

    private static EngineParams engine(ProfileValues v, String prefix) {
        return new EngineParams(v.positiveInt(prefix + ".units"), v.nonNegativeLong(prefix + ".per-op-ns"),
                v.nonNegativeDouble(prefix + ".per-byte-ns"));
    }

    public String name() {
        return name;
    }

    /** The typed parameters for {@link org.hcasim.core.hw.HcaHardware}. */
    public HcaParams params() {
        return params;
    }

    /** The {@code hca.*} key/values this profile was built from (for configuration layering and printing). */
    public Map<String, String> values() {
        return values;
    }
}
