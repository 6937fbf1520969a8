package org.hcasim.ulp.rds.ib;

/**
 * What one host's RDS CQs and threads did since the endpoint was created: completion events (the comp_handler
 * calls, one interrupt each) and the completions their tasklet passes reaped, for the receive and the send CQs,
 * and the wake-ups of sleeping socket threads. Interrupt moderation can only save the work paid once per event,
 * so completions per event tell whether it has anything to save (docs/rds.md).
 */
public record CqEventCounts(long receiveEvents, long receiveCompletions, long sendEvents, long sendCompletions,
                            long wakeups) {

    public static final CqEventCounts NONE = new CqEventCounts(0, 0, 0, 0, 0);

    public CqEventCounts plus(CqEventCounts o) {
        return new CqEventCounts(receiveEvents + o.receiveEvents, receiveCompletions + o.receiveCompletions,
                sendEvents + o.sendEvents, sendCompletions + o.sendCompletions, wakeups + o.wakeups);
    }

    /** The counts between {@code earlier} and these. */
    public CqEventCounts since(CqEventCounts earlier) {
        return new CqEventCounts(receiveEvents - earlier.receiveEvents, receiveCompletions - earlier.receiveCompletions,
                sendEvents - earlier.sendEvents, sendCompletions - earlier.sendCompletions, wakeups - earlier.wakeups);
    }

    /** Receive completions per receive event (0 without events). */
    public double receiveCompletionsPerEvent() {
        return receiveEvents == 0 ? 0 : (double) receiveCompletions / receiveEvents;
    }

    /** Send completions per send event (0 without events). */
    public double sendCompletionsPerEvent() {
        return sendEvents == 0 ? 0 : (double) sendCompletions / sendEvents;
    }
}
