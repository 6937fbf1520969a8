package org.hcasim.ulp.iser.login;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The result functions of RFC 7143 section 6.2 and RFC 7145 section 6 on both sides of a login. */
class NegotiationProperties {

    @Property
    void a_minimum_key_settles_on_the_smaller_value_and_the_initiator_accepts_it(
            @ForAll @LongRange(min = 512, max = 16_777_215) long offered, @ForAll @LongRange(min = 512, max = 16_777_215) long own) {
        LoginKey k = LoginKey.FIRST_BURST_LENGTH;
        String answer = Negotiation.answer(k, Long.toString(offered), Long.toString(own));
        assertThat(answer).isEqualTo(Long.toString(Math.min(offered, own)));
        assertThat(Negotiation.outcome(k, Long.toString(offered), answer)).isEqualTo(answer);
    }

    @Property
    void a_maximum_key_settles_on_the_larger_value(@ForAll @LongRange(min = 0, max = 3600) long offered,
                                                   @ForAll @LongRange(min = 0, max = 3600) long own) {
        String answer = Negotiation.answer(LoginKey.DEFAULT_TIME_2_WAIT, Long.toString(offered), Long.toString(own));
        assertThat(answer).isEqualTo(Long.toString(Math.max(offered, own)));
    }

    @Property
    void and_keys_are_yes_only_when_both_sides_say_yes_and_or_keys_when_either_does(@ForAll boolean offered,
                                                                                    @ForAll boolean own) {
        String o = offered ? "Yes" : "No";
        String w = own ? "Yes" : "No";
        assertThat(Negotiation.answer(LoginKey.IMMEDIATE_DATA, o, w)).isEqualTo(offered && own ? "Yes" : "No");
        assertThat(Negotiation.answer(LoginKey.INITIAL_R2T, o, w)).isEqualTo(offered || own ? "Yes" : "No");
        assertThat(Negotiation.outcome(LoginKey.IMMEDIATE_DATA, o, Negotiation.answer(LoginKey.IMMEDIATE_DATA, o, w)))
                .isIn("Yes", "No");
    }

    @Property
    void zero_means_no_limit_for_max_outstanding_unexpected_pdus(@ForAll @LongRange(min = 0, max = 100) long a,
                                                                  @ForAll @LongRange(min = 0, max = 100) long b) {
        long expected = a == 0 ? b : b == 0 ? a : Math.min(a, b);
        assertThat(Negotiation.answer(LoginKey.MAX_OUTSTANDING_UNEXPECTED_PDUS, Long.toString(a), Long.toString(b)))
                .isEqualTo(Long.toString(expected));
    }

    @Test
    void a_list_key_takes_the_first_offered_value_the_responder_supports() {
        assertThat(Negotiation.answer(LoginKey.HEADER_DIGEST, "CRC32C,None", "None")).isEqualTo("None");
        assertThat(Negotiation.answer(LoginKey.HEADER_DIGEST, "CRC32C,None", "CRC32C,None")).isEqualTo("CRC32C");
        assertThat(Negotiation.answer(LoginKey.HEADER_DIGEST, "CRC32C", "None")).isEqualTo(Negotiation.REJECT);
    }

    @Test
    void a_malformed_or_out_of_range_offer_is_rejected() {
        assertThat(Negotiation.answer(LoginKey.FIRST_BURST_LENGTH, "12", "65536")).isEqualTo(Negotiation.REJECT);
        assertThat(Negotiation.answer(LoginKey.IMMEDIATE_DATA, "yes", "Yes")).isEqualTo(Negotiation.REJECT);
        assertThat(Negotiation.answer(LoginKey.MAX_BURST_LENGTH, "-1", "262144")).isEqualTo(Negotiation.REJECT);
    }

    @Test
    void the_initiator_refuses_answers_its_offer_does_not_allow() {
        assertThatThrownBy(() -> Negotiation.outcome(LoginKey.FIRST_BURST_LENGTH, "65536", "262144"))
                .hasMessageContaining("FirstBurstLength");
        assertThatThrownBy(() -> Negotiation.outcome(LoginKey.IMMEDIATE_DATA, "No", "Yes")).hasMessageContaining("AND");
        assertThatThrownBy(() -> Negotiation.outcome(LoginKey.INITIAL_R2T, "Yes", "No")).hasMessageContaining("OR");
        assertThatThrownBy(() -> Negotiation.outcome(LoginKey.HEADER_DIGEST, "None", "CRC32C")).hasMessageContaining("HeaderDigest");
        assertThat(Negotiation.outcome(LoginKey.FIRST_BURST_LENGTH, "65536", Negotiation.IRRELEVANT)).isEqualTo("65536");
    }
}
