package org.hcasim.verbs;

/**
 * Signature attributes of an integrity registration (ib_sig_attrs). Wire T10 + memory NONE inserts PI on
 * send and strips it on receive; memory T10 + wire NONE the reverse; both T10 verifies and forwards.
 *
 * @param checkMask which tuple fields are checked: {@link #CHECK_GUARD}, {@link #CHECK_APP_TAG},
 *                  {@link #CHECK_REF_TAG}
 */
public record SignatureAttributes(SignatureDomain memory, SignatureDomain wire, int checkMask) {
    public static final int CHECK_GUARD = 0xC0;
    public static final int CHECK_APP_TAG = 0x30;
    public static final int CHECK_REF_TAG = 0x0F;

    /** Protection interval of whichever domain carries PI (memory first). */
    public int piInterval() {
        if (memory instanceof SignatureDomain.T10Dif m) {
            return m.piInterval();
        }
        if (wire instanceof SignatureDomain.T10Dif w) {
            return w.piInterval();
        }
        return 0;
    }
}
