/**
 * What an mkey translates and how scatter lists become that: {@link org.hcasim.core.verbs.translation.Translation}
 * maps a region to host-contiguous pieces; {@link org.hcasim.core.verbs.translation.SgMapper} holds the page rules
 * (MTT: only the first element may start and only the last may end inside a page unless neighbours are
 * contiguous; KLM: any list; integrity MRs: physical, then MTT, then KLM) and produces an
 * {@link org.hcasim.core.verbs.translation.SgMapping} with the descriptors a UMR loads. Pure functions, see
 * docs/mechanisms.md sections 1 and 3.
 */
package org.hcasim.core.verbs.translation;
