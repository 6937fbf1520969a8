package org.hcasim.ulp.rds.ib;

/**
 * Credit-based flow control of one connection (rds_ib_send_grab_credits, rds_ib_send_add_credits,
 * rds_ib_advertise_credits): a fragment may be sent only against a receive the peer has posted and told us
 * about ("send credits"); the receives we post are "posted credits" we owe the peer and advertise in the
 * {@code h_credit} byte of our next header or in an explicit ACK. The last send credit is kept for a credit
 * update unless we have credits to advertise with it, so neither side can starve the other.
 */
final class Credits {
    /** RDS_MAX_ADV_CREDIT: at most this many credits in one header. */
    static final int MAX_ADVERTISED = 255;
    /** rds_ib_advertise_credits asks for an ACK once this many posted credits are owed. */
    static final int ADVERTISE_THRESHOLD = 16;

    private final boolean enabled;
    private int send;
    private int posted;
    private int lastAdvertised;

    Credits(boolean enabled) {
        this.enabled = enabled;
    }

    boolean enabled() {
        return enabled;
    }

    /** The peer's initial grant (from the connection's private data). */
    void initial(int credits) {
        send = credits;
    }

    /**
     * Takes up to {@code wanted} send credits; returns how many (all of them without flow control). Afterwards
     * {@link #advertised()} tells the posted credits to put in this send's header ({@code needPosted}: take them
     * even when no send credit was granted, only for a header that goes out anyway, as rds_ib_xmit's second grab;
     * a caller that sends nothing when it gets no credit must pass false, or the posted credits are lost).
     */
    int grab(int wanted, boolean needPosted) {
        lastAdvertised = 0;
        if (!enabled) {
            return wanted;
        }
        int avail = send;
        if (avail > 0 && posted == 0) {
            avail--; // the last credit must carry a credit update
        }
        int got = Math.min(avail, wanted);
        send -= got;
        if (posted > 0 && (got > 0 || needPosted)) {
            lastAdvertised = Math.min(posted, MAX_ADVERTISED);
            posted -= lastAdvertised;
        }
        return got;
    }

    /** The posted credits the last {@link #grab} took for its header. */
    int advertised() {
        return lastAdvertised;
    }

    /** The peer granted {@code credits} more (its header's h_credit). */
    void add(int credits) {
        if (enabled) {
            send += credits;
        }
    }

    /** We posted {@code receives} more; returns true when enough are owed to ask for an ACK that carries them. */
    boolean posted(int receives) {
        if (!enabled) {
            return false;
        }
        posted += receives;
        return posted >= ADVERTISE_THRESHOLD;
    }

    int sendCredits() {
        return send;
    }

    int postedCredits() {
        return posted;
    }
}
