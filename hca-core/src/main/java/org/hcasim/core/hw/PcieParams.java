package org.hcasim.core.hw;

/**
 * Physical parameters of the PCIe link between host and HCA.
 *
 * @param lanes                link width (8 or 16)
 * @param gigaTransfersPerSecond per-lane signalling rate, GT/s (Gen3: 8)
 * @param encodingEfficiency   line code efficiency (Gen3 128b/130b: 128/130)
 * @param tlpOverheadBytes     bytes added per TLP on the wire (framing, sequence, header, LCRC)
 * @param maxPayloadBytes      MPS: largest data payload of one write or completion TLP
 * @param maxReadRequestBytes  MRRS: largest single read request
 * @param readLatencyNs        mean round trip from a read request leaving the device to its first completion
 * @param readLatencySpreadNs  width of the uniform spread of that round trip around its mean (memory and root
 *                             complex timing vary per access)
 * @param writeLatencyNs       one-way latency of a posted write until it is visible in host memory
 * @param mmioLatencyNs        one-way latency of a CPU MMIO write (doorbell) until the device sees it
 * @param maxOutstandingReads  read tags: read requests that may wait for their completions at once
 */
public record PcieParams(int lanes, double gigaTransfersPerSecond, double encodingEfficiency, int tlpOverheadBytes,
                         int maxPayloadBytes, int maxReadRequestBytes, long readLatencyNs, long readLatencySpreadNs,
                         long writeLatencyNs, long mmioLatencyNs, int maxOutstandingReads) {

    public PcieParams {
        if (lanes < 1 || gigaTransfersPerSecond <= 0 || encodingEfficiency <= 0 || encodingEfficiency > 1
                || maxPayloadBytes < 1 || maxReadRequestBytes < 1 || tlpOverheadBytes < 0
                || readLatencySpreadNs < 0 || readLatencySpreadNs > 2 * readLatencyNs || maxOutstandingReads < 1) {
            throw new IllegalArgumentException("invalid PCIe parameters: " + lanes + " lanes, " + gigaTransfersPerSecond
                    + " GT/s, efficiency " + encodingEfficiency + ", MPS " + maxPayloadBytes + ", MRRS "
                    + maxReadRequestBytes + ", TLP overhead " + tlpOverheadBytes + ", read latency " + readLatencyNs
                    + " ns spread " + readLatencySpreadNs + " ns, " + maxOutstandingReads + " read tags");
        }
    }

    /** Raw data rate per direction after line coding, bytes per ns (Gen3 x8: 7.88 GB/s). */
    public double bytesPerNs() {
        return lanes * gigaTransfersPerSecond * encodingEfficiency / 8.0;
    }
}
