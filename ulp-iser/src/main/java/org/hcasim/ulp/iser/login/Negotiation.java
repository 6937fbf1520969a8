package org.hcasim.ulp.iser.login;

/**
 * The result functions of RFC 7143 section 6.2: what a responder answers to an offered value, and the value both
 * sides then use. Values are the keys' text forms ({@code Yes}/{@code No}, decimal numbers, comma lists).
 */
public final class Negotiation {
    /** Answers that are not values (RFC 7143 section 6.2). */
    public static final String REJECT = "Reject";
    public static final String IRRELEVANT = "Irrelevant";
    public static final String NOT_UNDERSTOOD = "NotUnderstood";

    private Negotiation() {
    }

    /**
     * The responder's answer to {@code offered} given its own value {@code own} (for a list key, the comma list of
     * values it supports): {@link #REJECT} for a malformed or out-of-range offer.
     */
    public static String answer(LoginKey key, String offered, String own) {
        if (!valid(key, offered)) {
            return REJECT;
        }
        return switch (key.rule()) {
            case DECLARATIVE -> own;
            case LIST -> {
                java.util.List<String> supported = java.util.List.of(own.split(","));
                for (String v : offered.split(",")) {
                    if (supported.contains(v.strip())) {
                        yield v.strip();
                    }
                }
                yield REJECT;
            }
            case AND -> yes(offered) && yes(own) ? "Yes" : "No";
            case OR -> yes(offered) || yes(own) ? "Yes" : "No";
            case MIN -> Long.toString(Math.min(Long.parseLong(offered), Long.parseLong(own)));
            case MAX -> Long.toString(Math.max(Long.parseLong(offered), Long.parseLong(own)));
            case MIN_ZERO_UNLIMITED -> Long.toString(minUnlimited(Long.parseLong(offered), Long.parseLong(own)));
        };
    }

    /**
     * The value in force after {@code offered} was answered with {@code answer}: the answer, once checked against
     * the rule. An answer the rule does not allow (a larger number for a minimum, Yes to an offered No under AND, a
     * value not in the offered list) is an IllegalArgumentException naming the key; Irrelevant leaves the default.
     */
    public static String outcome(LoginKey key, String offered, String answer) {
        if (IRRELEVANT.equals(answer)) {
            return key.defaultValue();
        }
        if (REJECT.equals(answer) || NOT_UNDERSTOOD.equals(answer)) {
            throw new IllegalArgumentException("the target answered " + key.name() + "=" + answer + " to " + offered);
        }
        if (!valid(key, answer)) {
            throw new IllegalArgumentException("the target answered " + key.name() + "=" + answer
                    + ", which is not a valid value");
        }
        boolean allowed = switch (key.rule()) {
            case DECLARATIVE -> true;
            case LIST -> java.util.Arrays.stream(offered.split(",")).map(String::strip).anyMatch(answer::equals);
            case AND -> yes(offered) || !yes(answer);
            case OR -> !yes(offered) || yes(answer);
            case MIN -> Long.parseLong(answer) <= Long.parseLong(offered);
            case MAX -> Long.parseLong(answer) >= Long.parseLong(offered);
            case MIN_ZERO_UNLIMITED -> {
                long o = Long.parseLong(offered);
                long a = Long.parseLong(answer);
                yield o == 0 || a != 0 && a <= o;
            }
        };
        if (!allowed) {
            throw new IllegalArgumentException("the target answered " + key.name() + "=" + answer + " to " + offered
                    + ", which its " + key.rule() + " rule does not allow");
        }
        return answer;
    }

    /** Whether {@code value} is well formed for {@code key} and within its range. */
    public static boolean valid(LoginKey key, String value) {
        if (key.isBoolean()) {
            return value.equals("Yes") || value.equals("No");
        }
        if (!key.isNumber()) {
            return !value.isEmpty();
        }
        if (!value.matches("[0-9]{1,10}")) {
            return false;
        }
        long v = Long.parseLong(value);
        return v >= key.min() && v <= key.max();
    }

    public static boolean yes(String value) {
        return value.equals("Yes");
    }

    private static long minUnlimited(long a, long b) {
        return a == 0 ? b : b == 0 ? a : Math.min(a, b);
    }
}
