package org.hcasim.ulp.rds.stress;

/** A bad rds-stress command line: the message says which option and why, in one line. */
final class UsageException extends IllegalArgumentException {
    UsageException(String message) {
        super(message);
    }
}
