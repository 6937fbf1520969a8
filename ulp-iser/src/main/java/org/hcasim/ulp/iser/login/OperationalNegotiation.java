package org.hcasim.ulp.iser.login;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.ulp.iser.pdu.TextParameters;

/**
 * The operational stage of a login (RFC 7143 section 6.2, 13; RFC 7145 section 6) on both sides: the target
 * answering the initiator's offer from its own values, and the initiator checking the answer against what it
 * offered. Both return the negotiated values (key to outcome) that {@link SessionParameters#of} reads.
 */
public final class OperationalNegotiation {

    /** The target's answer to an offer and the values in force afterwards. */
    public record Answer(TextParameters keys, Map<String, String> negotiated) {
    }

    private OperationalNegotiation() {
    }

    /**
     * The target's answer to {@code offer}: each offered key answered from {@code own} (a key missing there: its
     * default), session-wide keys Irrelevant in a discovery session, keys it does not know NotUnderstood, and
     * FirstBurstLength Irrelevant when the outcome is InitialR2T=Yes with ImmediateData=No. It declares its own
     * MaxRecvDataSegmentLength when the offer did not (as LIO does).
     */
    public static Answer answer(TextParameters offer, Map<String, String> own, boolean discovery) {
        Map<String, String> answers = new LinkedHashMap<>();
        for (TextParameters.Pair p : offer.pairs()) {
            LoginKey key = LoginKey.OPERATIONAL.get(p.key());
            if (key == null) {
                answers.put(p.key(), Negotiation.NOT_UNDERSTOOD);
            } else if (discovery && key.sessionWide()) {
                answers.put(p.key(), Negotiation.IRRELEVANT);
            } else {
                answers.put(p.key(), Negotiation.answer(key, p.value(), own.getOrDefault(key.name(), key.defaultValue())));
            }
        }
        String r2t = answers.getOrDefault(LoginKey.INITIAL_R2T.name(), LoginKey.INITIAL_R2T.defaultValue());
        String imm = answers.getOrDefault(LoginKey.IMMEDIATE_DATA.name(), LoginKey.IMMEDIATE_DATA.defaultValue());
        if (answers.containsKey(LoginKey.FIRST_BURST_LENGTH.name()) && "Yes".equals(r2t) && "No".equals(imm)) {
            answers.put(LoginKey.FIRST_BURST_LENGTH.name(), Negotiation.IRRELEVANT);
        }
        String mrdsl = LoginKey.MAX_RECV_DATA_SEGMENT_LENGTH.name();
        answers.putIfAbsent(mrdsl, own.getOrDefault(mrdsl, LoginKey.MAX_RECV_DATA_SEGMENT_LENGTH.defaultValue()));
        List<TextParameters.Pair> pairs = new ArrayList<>();
        Map<String, String> negotiated = new LinkedHashMap<>();
        for (var e : answers.entrySet()) {
            pairs.add(new TextParameters.Pair(e.getKey(), e.getValue()));
            LoginKey key = LoginKey.OPERATIONAL.get(e.getKey());
            if (key != null && !Negotiation.REJECT.equals(e.getValue()) && !Negotiation.NOT_UNDERSTOOD.equals(e.getValue())) {
                negotiated.put(e.getKey(), Negotiation.IRRELEVANT.equals(e.getValue()) ? key.defaultValue() : e.getValue());
            }
        }
        return new Answer(new TextParameters(pairs), negotiated);
    }

    /**
     * The initiator's view: the target's {@code answer} to {@code offer}, checked key by key. A negotiated key left
     * unanswered, an answer its rule does not allow, a Reject, or a key the target raises on its own that is not a
     * declaration is an IllegalArgumentException naming the key.
     */
    public static Map<String, String> settle(TextParameters offer, TextParameters answer) {
        Map<String, String> negotiated = new LinkedHashMap<>();
        for (TextParameters.Pair p : offer.pairs()) {
            LoginKey key = LoginKey.OPERATIONAL.get(p.key());
            if (key == null) {
                throw new IllegalArgumentException("offered key " + p.key() + " is not an operational key");
            }
            var a = answer.get(p.key());
            if (a.isEmpty()) {
                if (key.rule() != KeyRule.DECLARATIVE) {
                    throw new IllegalArgumentException("the target did not answer " + p.key() + "=" + p.value());
                }
                continue;
            }
            negotiated.put(key.name(), Negotiation.outcome(key, p.value(), a.get()));
        }
        for (TextParameters.Pair p : answer.pairs()) {
            LoginKey key = LoginKey.OPERATIONAL.get(p.key());
            if (offer.get(p.key()).isEmpty() && (key == null || key.rule() != KeyRule.DECLARATIVE)) {
                throw new IllegalArgumentException("the target raised " + p.key() + "=" + p.value()
                        + ", which this initiator does not negotiate");
            }
        }
        return negotiated;
    }
}
