package org.hcasim.core.verbs.signature;

import org.hcasim.core.verbs.translation.SgMapping;
import org.hcasim.verbs.SignatureAttributes;
import org.hcasim.verbs.SignatureError;

/** What the signature engine needs of an integrity mkey: its mapping, its signature attributes, where errors go. */
public interface IntegrityKey {
    /** The data (and metadata) mapping the key was registered with. */
    SgMapping mapping();

    SignatureAttributes signature();

    /** The key as the ULP uses it (index and variant), reported with each error. */
    int key();

    /** A check failed; the MR keeps the first error until its owner collects it. */
    void signatureError(SignatureError error);
}
