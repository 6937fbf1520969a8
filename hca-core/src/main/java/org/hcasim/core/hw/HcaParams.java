package org.hcasim.core.hw;

import java.util.Map;

/**
 * Everything that describes one HCA model: the timing of its PCIe link, port, processing engines, translation
 * cache and firmware, and its verbs limits. Built from an HCA profile
 * ({@code org.hcasim.core.profile.HcaProfile#params()}).
 *
 * @param sendEngine          processes send-queue WQEs (per WQE + per payload byte)
 * @param receiveEngine       processes arriving packets/messages (receive WQE lookup, steering)
 * @param umrEngine           executes UMR (registration) WQEs; per-byte cost applies to the translation list
 * @param umrInlineMaxBytes   largest translation list copied inline into the UMR WQE (64 on ConnectX-4/5)
 * @param wqeBasicBlockBytes  WQE basic block size (64): the unit of WQE fetches
 * @param sendPipeline        how the requester prefetches a QP's WQEs and how many it keeps in flight
 * @param cqeBytes            CQE size written to host memory
 * @param maxCompletionVectors completion vectors (EQs with their own MSI-X vector) the device offers
 * @param switchLatencyNs     port-to-port latency of the switch the port attaches to
 * @param mrCache             the driver's MR cache on this HCA (entries' limits, lookup policy)
 * @param srqWqeFetchStallNs  time a receive from a shared receive queue stops the port's in-order receive pipeline
 *                            even when its WQE is on chip: the part of taking a WQE from an SRQ's linked list that the
 *                            pipeline cannot overlap, as it does a receive queue's ring
 * @param srqWqePrefetchDepth WQEs of one SRQ the HCA keeps read ahead by following the list (each read needs the
 *                            one before it: one SRQ gets at most one WQE per PCIe read round trip)
 * @param signature           the signature (T10-PI) engine that accesses through integrity keys go through
 * @param verbs               the verbs limits and capabilities the device reports
 */
public record HcaParams(String name, PcieParams pcie, LinkParams link, EngineParams sendEngine,
                        EngineParams receiveEngine, EngineParams umrEngine, int umrInlineMaxBytes,
                        int wqeBasicBlockBytes, SendPipelineParams sendPipeline, int cqeBytes,
                        TranslationParams translation,
                        int firmwareParallelCommands, Map<FirmwareCommand, Long> firmwareLatencyNs,
                        int maxCompletionVectors, long switchLatencyNs, MrCacheParams mrCache,
                        long srqWqeFetchStallNs, int srqWqePrefetchDepth, SignatureParams signature, VerbsLimits verbs) {
    public HcaParams {
        firmwareLatencyNs = Map.copyOf(firmwareLatencyNs);
    }
}
