package org.hcasim.core.hw;

/**
 * The HCA's cache of memory translation entries (MTT and KLM).
 *
 * @param entries          cache capacity in lines
 * @param lineBytes        bytes fetched per miss (a line holds lineBytes/8 MTT or lineBytes/16 KLM entries)
 * @param hitNs            lookup time on a hit
 * @param klmIndirectionNs extra time per KLM entry for resolving the underlying mkey
 * @param receiveMissStallNs time a translation miss in the in-order receive pipeline stops the port's receive
 *                         side (the part of the miss round trip it cannot overlap; lossless RoCE pauses the link)
 */
public record TranslationParams(int entries, int lineBytes, long hitNs, long klmIndirectionNs,
                                long receiveMissStallNs) {
    public TranslationParams {
        if (entries < 1 || lineBytes < 8 || hitNs < 0 || klmIndirectionNs < 0 || receiveMissStallNs < 0) {
            throw new IllegalArgumentException("invalid translation cache parameters: " + entries + " lines of "
                    + lineBytes + " bytes, hit " + hitNs + " ns, KLM indirection " + klmIndirectionNs
                    + " ns, receive miss stall " + receiveMissStallNs + " ns");
        }
    }
}
