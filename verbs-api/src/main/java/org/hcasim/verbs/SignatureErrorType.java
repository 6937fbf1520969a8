package org.hcasim.verbs;

/** Which T10-DIF field failed its check. */
public enum SignatureErrorType {
    GUARD, REF_TAG, APP_TAG
}
