package org.hcasim.verbs;

import java.util.List;

/**
 * Which mappings {@link MemoryRegion#mapSgPi} may try for an integrity MR, in order. The first that can
 * express the data and metadata lists wins; KLM can express any list, so every order ends with it.
 */
public enum PiMappingOrder {
    /** Physical addressing when there is one data and at most one metadata element, then MTT, then KLM (mlx5 today). */
    PA_FIRST(List.of(PiMapping.PHYSICAL, PiMapping.MTT, PiMapping.KLM)),
    /** One MTT mkey for data and metadata whenever the lists have no gaps, else KLM. */
    MTT_FIRST(List.of(PiMapping.MTT, PiMapping.KLM)),
    /** Always the KLM (indirect) mkey: every access takes an extra level of translation. */
    KLM_ONLY(List.of(PiMapping.KLM));

    private final List<PiMapping> tries;

    PiMappingOrder(List<PiMapping> tries) {
        this.tries = tries;
    }

    /** The mappings tried, in order. */
    public List<PiMapping> tries() {
        return tries;
    }
}
