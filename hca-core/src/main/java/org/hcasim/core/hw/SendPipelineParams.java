package org.hcasim.core.hw;

/**
 * How the HCA's requester works through one QP's send queue: a doorbell lets it read the chain of WQEs posted
 * since the last read in one PCIe read of up to {@code prefetchBasicBlocks} 64-byte basic blocks, and it keeps up to
 * {@code wqesInFlightPerQp} of the QP's WQEs between their fetch and their transmission (their gathers overlap);
 * requests still leave in posting order, with consecutive PSNs.
 *
 * @param prefetchBasicBlocks basic blocks one WQE read may cover (at least 1)
 * @param wqesInFlightPerQp   WQEs of one QP being fetched, processed or gathered at once (at least 1)
 */
public record SendPipelineParams(int prefetchBasicBlocks, int wqesInFlightPerQp) {
    public SendPipelineParams {
        if (prefetchBasicBlocks < 1 || wqesInFlightPerQp < 1) {
            throw new IllegalArgumentException("hca.send.prefetch-basic-blocks and hca.send.wqes-in-flight-per-qp must"
                    + " be at least 1, got " + prefetchBasicBlocks + " and " + wqesInFlightPerQp);
        }
    }
}
