package org.hcasim.verbs;

/**
 * Creation parameters of a shared receive queue.
 *
 * @param maxWr  receive WRs it holds
 * @param maxSge SGEs per receive
 * @param limit  armed limit (0 = not armed): when available receives fall below it, SRQ_LIMIT_REACHED fires once
 */
public record SrqInit(int maxWr, int maxSge, int limit) {
}
