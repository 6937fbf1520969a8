package org.hcasim.spi.policy;

/**
 * The kinds of policy a role can delegate to. A role's key that selects a policy of a kind ends with the
 * kind's {@link #keySuffix()}: {@code nvmeof.host.registration-policy}, {@code nvmeof.host.cq-policy},
 * {@code nvmeof.target.srq-policy}.
 */
public enum PolicyKind {
    /** How an I/O's memory is made reachable by the peer ({@link RegistrationPolicy}). */
    REGISTRATION("registration-policy", "registration"),
    /** How a role's CQs are created, polled and moderated ({@link CqPolicy}). */
    CQ("cq-policy", "CQ"),
    /** Which receive queue a target's QP gets, and the receive buffers that commits ({@link SrqPolicy}). */
    SRQ("srq-policy", "SRQ");

    private final String keySuffix;
    private final String label;

    PolicyKind(String keySuffix, String label) {
        this.keySuffix = keySuffix;
        this.label = label;
    }

    /** Last segment of every key that selects a policy of this kind. */
    public String keySuffix() {
        return keySuffix;
    }

    /** Word for messages and listings ({@code "registration"}, {@code "CQ"}, {@code "SRQ"}). */
    public String label() {
        return label;
    }

    /** The kind a configuration key selects, if it is a policy key ({@code a.b.cq-policy} -> CQ). */
    public static java.util.Optional<PolicyKind> ofKey(String key) {
        for (PolicyKind k : values()) {
            if (key.endsWith("." + k.keySuffix)) {
                return java.util.Optional.of(k);
            }
        }
        return java.util.Optional.empty();
    }
}
