package org.hcasim.spi.policy;

/**
 * What a queue asks of its registration.
 *
 * @param entries   I/Os the queue can have in flight (its queue depth): how many MRs a pool needs
 * @param maxPages  pages one I/O's data may span at most (e.g. NVME_RDMA_MAX_SEGMENTS = 256); the policy
 *                  may map fewer if the device allows fewer ({@link QueueRegistration#maxPages()})
 * @param integrity whether I/Os of this queue may carry protection information (integrity MRs needed;
 *                  the QP must have been created with integrity enabled)
 * @param pageSize  page size of the scatter lists, 4096 for the storage ULPs
 */
public record RegistrationNeeds(int entries, int maxPages, boolean integrity, int pageSize) {
    public RegistrationNeeds {
        if (entries < 1 || maxPages < 1 || pageSize < 4096 || Integer.bitCount(pageSize) != 1) {
            throw new IllegalArgumentException("registration needs: entries " + entries + ", max pages " + maxPages
                    + ", page size " + pageSize + " (entries and pages >= 1, page size a power of two >= 4096)");
        }
    }
}
