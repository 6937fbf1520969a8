package org.hcasim.verbs;

/**
 * A signature error the HCA found on an integrity MR (ib_sig_err).
 *
 * @param offset byte offset of the failing interval's data within the transfer
 */
public record SignatureError(SignatureErrorType type, long expected, long actual, long offset, int key) {
}
