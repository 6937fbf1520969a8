package org.hcasim.core.profile;

/** A profile that cannot be found or has a missing, unknown or malformed key; the message says which. */
public final class ProfileException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public ProfileException(String message) {
        super(message);
    }
}
