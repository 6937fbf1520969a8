package org.hcasim.ulp.iser.login;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.hcasim.ulp.iser.pdu.TextParameters;
import org.junit.jupiter.api.Test;

/** A whole operational stage: open-iscsi's offer answered with LIO's defaults. */
class OperationalNegotiationTest {

    private static final TextParameters OPEN_ISCSI = TextParameters.of("HeaderDigest", "None", "DataDigest", "None",
            "RDMAExtensions", "Yes", "InitialR2T", "No", "ImmediateData", "Yes", "MaxBurstLength", "16776192",
            "FirstBurstLength", "262144", "MaxRecvDataSegmentLength", "8192", "InitiatorRecvDataSegmentLength", "8192",
            "TargetRecvDataSegmentLength", "262144", "MaxOutstandingUnexpectedPDUs", "0");

    private static final Map<String, String> LIO = Map.of("HeaderDigest", "None", "DataDigest", "None",
            "RDMAExtensions", "Yes", "InitialR2T", "Yes", "ImmediateData", "Yes", "FirstBurstLength", "65536",
            "MaxBurstLength", "262144", "MaxRecvDataSegmentLength", "8192", "TargetRecvDataSegmentLength", "8192",
            "InitiatorRecvDataSegmentLength", "262144");

    @Test
    void open_iscsi_against_lio_settles_on_immediate_data_with_initial_r2t_and_8k_of_it_per_command() {
        var answer = OperationalNegotiation.answer(OPEN_ISCSI, LIO, false);
        var negotiated = OperationalNegotiation.settle(OPEN_ISCSI, answer.keys());
        SessionParameters p = SessionParameters.of(negotiated);
        assertThat(p.immediateData()).isTrue();
        assertThat(p.initialR2T()).isTrue();
        assertThat(p.firstBurstLength()).isEqualTo(65_536);
        assertThat(p.maxBurstLength()).isEqualTo(262_144);
        assertThat(p.targetRecvDataSegmentLength()).isEqualTo(8192);
        assertThat(p.initiatorRecvDataSegmentLength()).isEqualTo(8192);
        assertThat(p.rdmaExtensions()).isTrue();
        assertThat(p.immediateBytes(4096)).isEqualTo(4096);
        assertThat(p.immediateBytes(65_536)).isEqualTo(8192);
        assertThat(answer.negotiated()).isEqualTo(negotiated);
    }

    @Test
    void a_target_without_immediate_data_and_with_initial_r2t_makes_first_burst_length_irrelevant() {
        Map<String, String> noImmediate = new java.util.HashMap<>(LIO);
        noImmediate.put("ImmediateData", "No");
        var answer = OperationalNegotiation.answer(OPEN_ISCSI, noImmediate, false);
        assertThat(answer.keys().get("FirstBurstLength")).contains("Irrelevant");
        SessionParameters p = SessionParameters.of(OperationalNegotiation.settle(OPEN_ISCSI, answer.keys()));
        assertThat(p.immediateData()).isFalse();
        assertThat(p.immediateBytes(512)).isZero();
    }

    @Test
    void session_wide_keys_are_irrelevant_in_a_discovery_session_and_unknown_keys_not_understood() {
        TextParameters offer = TextParameters.of("MaxBurstLength", "262144", "HeaderDigest", "None", "X-Vendor", "1");
        var answer = OperationalNegotiation.answer(offer, LIO, true);
        assertThat(answer.keys().get("MaxBurstLength")).contains("Irrelevant");
        assertThat(answer.keys().get("HeaderDigest")).contains("None");
        assertThat(answer.keys().get("X-Vendor")).contains("NotUnderstood");
        assertThat(answer.keys().get("MaxRecvDataSegmentLength")).as("LIO declares its own").contains("8192");
    }

    @Test
    void an_unanswered_key_or_a_key_the_target_raises_itself_fails_the_login() {
        assertThatThrownBy(() -> OperationalNegotiation.settle(TextParameters.of("ImmediateData", "Yes"), TextParameters.of()))
                .hasMessageContaining("did not answer ImmediateData");
        assertThatThrownBy(() -> OperationalNegotiation.settle(TextParameters.of(),
                TextParameters.of("FirstBurstLength", "512"))).hasMessageContaining("raised FirstBurstLength");
    }
}
