package org.hcasim.verbs;

import java.util.Set;

/**
 * What a device supports (ib_device_attr). The engine enforces every limit: creating or posting beyond
 * one fails with {@link VerbsException}.
 *
 * @param maxQp                     queue pairs per device
 * @param maxQpWr                   work requests per send or receive queue
 * @param maxSge                    scatter/gather entries per send or receive WR
 * @param maxSgeRd                  scatter entries per RDMA READ
 * @param maxCq                     completion queues per device
 * @param maxCqe                    entries per completion queue
 * @param maxMr                     memory regions per device
 * @param maxMrSize                 largest region, bytes
 * @param maxPd                     protection domains
 * @param maxFastRegPageListLen     pages (MTT) or entries (KLM) one fast-registration MR may map
 * @param maxPiFastRegPageListLen   pages an integrity MR may map (data + metadata)
 * @param maxSrq                    shared receive queues
 * @param maxSrqWr                  receive WRs per SRQ
 * @param maxSrqSge                 SGEs per SRQ receive
 * @param maxInlineData             bytes of inline data per send WQE
 * @param maxMsgSize                largest message (bytes) one WR may carry
 * @param numCompVectors            completion vectors (interrupt lines, one per core usually)
 * @param capabilities              optional features
 */
public record DeviceAttributes(
        int maxQp,
        int maxQpWr,
        int maxSge,
        int maxSgeRd,
        int maxCq,
        int maxCqe,
        int maxMr,
        long maxMrSize,
        int maxPd,
        int maxFastRegPageListLen,
        int maxPiFastRegPageListLen,
        int maxSrq,
        int maxSrqWr,
        int maxSrqSge,
        int maxInlineData,
        long maxMsgSize,
        int numCompVectors,
        Set<DeviceCapability> capabilities) {

    public DeviceAttributes {
        capabilities = Set.copyOf(capabilities);
    }

    public boolean has(DeviceCapability capability) {
        return capabilities.contains(capability);
    }
}
