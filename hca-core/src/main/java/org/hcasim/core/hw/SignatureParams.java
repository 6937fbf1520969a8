package org.hcasim.core.hw;

/**
 * The HCA's signature (T10-PI) engine: how many protection intervals it can fetch from host memory at once.
 *
 * @param fetchContexts intervals the engine gathers in parallel; each one holds its context from its address
 *                      lookups until its data (and PI) have come back over PCIe
 */
public record SignatureParams(int fetchContexts) {
    public SignatureParams {
        if (fetchContexts < 1) {
            throw new IllegalArgumentException("the signature engine needs at least one fetch context, got " + fetchContexts);
        }
    }
}
