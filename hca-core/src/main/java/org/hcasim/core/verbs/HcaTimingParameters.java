package org.hcasim.core.verbs;

/**
 * Named physical parameters of the HCA data path and the fabric, in ns, bytes and Gb/s. Defaults describe a
 * ConnectX-5 on PCIe Gen3 x16 behind an EDR (100 Gb/s) switch; each default says where it comes from. An
 * HCA profile overrides them.
 *
 * @param pcieGBps               effective DMA bandwidth per PCIe direction, GB/s. Gen3 x16: 15.75 GB/s raw,
 *                               ~80% after TLP/DLLP overhead at 256-byte payloads (Neugebauer et al.,
 *                               "Understanding PCIe performance for end host networking", SIGCOMM 2018)
 * @param pcieReadLatencyNs      round trip of a DMA read of host memory (same paper: 500-900 ns; 700)
 * @param pcieWriteLatencyNs     a posted DMA write landing in host memory (about half a read round trip)
 * @param wqeBytes               one WQE basic block (mlx5: 64 bytes)
 * @param sendEngineNs           send engine time per WQE (CX-5 reaches ~150 M msg/s over ~8 engines: ~50 ns)
 * @param sendEngines            parallel send engines
 * @param receiveEngineNs        receive engine time per incoming request (same scale as the send engine)
 * @param receiveEngines         parallel receive engines
 * @param umrEngineNs            UMR engine processing per registration once it has the list (mlx5 UMR
 *                               throughput with inline lists is > 10 M/s: <= 60 ns)
 * @param umrInlineMaxBytes      largest translation list copied inline into the UMR WQE
 *                               ({@code hca.umr.inline-max-bytes}, 64 on CX-4/5: MLX5_UMR_INLINE)
 * @param translationCacheEntries translation entries the HCA caches (order of the on-chip ICM cache)
 * @param translationHitNs       translation lookup that hits the cache
 * @param klmExtraLookupNs       second-level lookup of the mkey a KLM entry points to
 * @param cqeBytes               one CQE (mlx5: 64 bytes)
 * @param linkGbps               wire rate, Gb/s (EDR: 100)
 * @param mtu                    path MTU, bytes (4096 for IB)
 * @param packetHeaderBytes      per-packet header and trailer bytes (IB: LRH 8 + BTH 12 + ICRC 4 + VCRC 2)
 * @param requestHeaderBytes     extra header of an RDMA request (RETH 16)
 * @param ackBytes               an acknowledgement packet's extra header (AETH 4)
 * @param propagationNs          cable + PHY/SerDes latency per hop (a few metres of copper and SerDes: ~100 ns)
 * @param switchLatencyNs        switch port-to-port latency (Mellanox EDR switches: ~90-130 ns; 130)
 * @param createMkeyNs           firmware CREATE_MKEY command (tens of microseconds; mlx5 measurements ~ 30 us)
 * @param modifyCqNs             firmware MODIFY_CQ command (moderation change) (~ 10 us)
 * @param cmProcessingNs         CM message processing at each end (MAD handling in the kernel, ~ 5 us)
 */
public record HcaTimingParameters(
        double pcieGBps,
        long pcieReadLatencyNs,
        long pcieWriteLatencyNs,
        int wqeBytes,
        long sendEngineNs,
        int sendEngines,
        long receiveEngineNs,
        int receiveEngines,
        long umrEngineNs,
        int umrInlineMaxBytes,
        int translationCacheEntries,
        long translationHitNs,
        long klmExtraLookupNs,
        int cqeBytes,
        double linkGbps,
        int mtu,
        int packetHeaderBytes,
        int requestHeaderBytes,
        int ackBytes,
        long propagationNs,
        long switchLatencyNs,
        long createMkeyNs,
        long modifyCqNs,
        long cmProcessingNs) {

    /** ConnectX-5, PCIe Gen3 x16, EDR fabric. */
    public static HcaTimingParameters connectX5() {
        return new HcaTimingParameters(12.6, 700, 350, 64, 50, 8, 50, 8, 60, 64, 16384, 5, 10, 64,
                100.0, 4096, 26, 16, 4, 100, 130, 30_000, 10_000, 5_000);
    }

    /** The same HCA with another inline threshold for UMR translation lists ({@code hca.umr.inline-max-bytes}). */
    public HcaTimingParameters withUmrInlineMaxBytes(int bytes) {
        return new HcaTimingParameters(pcieGBps, pcieReadLatencyNs, pcieWriteLatencyNs, wqeBytes, sendEngineNs,
                sendEngines, receiveEngineNs, receiveEngines, umrEngineNs, bytes, translationCacheEntries,
                translationHitNs, klmExtraLookupNs, cqeBytes, linkGbps, mtu, packetHeaderBytes, requestHeaderBytes,
                ackBytes, propagationNs, switchLatencyNs, createMkeyNs, modifyCqNs, cmProcessingNs);
    }
}
