package org.hcasim.core.hw;

import java.util.Set;
import org.hcasim.verbs.DeviceAttributes;
import org.hcasim.verbs.DeviceCapability;

/**
 * The verbs limits and optional features of one HCA (what {@code ibv_devinfo -v} reports), from its profile
 * ({@code hca.verbs.*}); the engine enforces every one. See {@link DeviceAttributes} for each field.
 */
public record VerbsLimits(int maxQp, int maxQpWr, int maxSge, int maxSgeRd, int maxCq, int maxCqe, int maxMr,
                          long maxMrSize, int maxPd, int maxFastRegPageListLen, int maxPiFastRegPageListLen,
                          int maxSrq, int maxSrqWr, int maxSrqSge, int maxInlineData, long maxMsgSize,
                          Set<DeviceCapability> capabilities) {
    public VerbsLimits {
        capabilities = Set.copyOf(capabilities);
    }

    /** The device attributes of an HCA with these limits and {@code completionVectors} vectors. */
    public DeviceAttributes attributes(int completionVectors) {
        return new DeviceAttributes(maxQp, maxQpWr, maxSge, maxSgeRd, maxCq, maxCqe, maxMr, maxMrSize, maxPd,
                maxFastRegPageListLen, maxPiFastRegPageListLen, maxSrq, maxSrqWr, maxSrqSge, maxInlineData,
                maxMsgSize, completionVectors, capabilities);
    }
}
