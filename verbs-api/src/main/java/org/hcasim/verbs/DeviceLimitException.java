package org.hcasim.verbs;

/**
 * A verb refused because it asked for more than the device offers (a limit ibv_query_device reports: CQ size, work
 * requests, SGEs, inline data, MR size, the number of QPs, CQs, ...). The limits come from the HCA profile, so this
 * is the configuration's doing rather than the caller's bug; {@link #limitKey()} names the setting.
 */
public class DeviceLimitException extends VerbsException {
    private final String limitKey;

    public DeviceLimitException(Errno errno, String message, String limitKey) {
        super(errno, message + " (the HCA profile's " + limitKey + ")");
        this.limitKey = limitKey;
    }

    /** The configuration key of the limit, e.g. {@code hca.verbs.max-cqe}. */
    public String limitKey() {
        return limitKey;
    }
}
