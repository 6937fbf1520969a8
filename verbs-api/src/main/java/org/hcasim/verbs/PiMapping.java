package org.hcasim.verbs;

/** How an integrity MR mapped its data and metadata (docs/mechanisms.md section 3, cases a-c). */
public enum PiMapping {
    /** Not mapped yet (or not an integrity MR). */
    NONE,
    /** One data element and at most one metadata element: physical addressing, no inner registration. */
    PHYSICAL,
    /** Data pages then metadata pages in the inner MTT mkey. */
    MTT,
    /** Inner KLM mkey, zero-based: data at 0, PI at data length. */
    KLM
}
