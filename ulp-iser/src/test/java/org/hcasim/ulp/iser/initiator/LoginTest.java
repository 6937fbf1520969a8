package org.hcasim.ulp.iser.initiator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hcasim.block.PiType;
import org.hcasim.core.policy.TestbedPolicies;
import org.hcasim.ulp.iser.IserPair;
import org.hcasim.ulp.iser.IserProvider;
import org.hcasim.ulp.iser.login.SessionParameters;
import org.hcasim.ulp.iser.pdu.TextParameters;
import org.hcasim.ulp.iser.settings.InitiatorSettings;
import org.junit.jupiter.api.Test;

/** Login over iSER between the open-iscsi initiator and the LIO target, and what the session then runs with. */
class LoginTest {

    @Test
    void a_session_runs_with_open_iscsi_against_lio_defaults_immediate_data_up_to_8k_and_initial_r2t() {
        IserPair p = new IserPair(Map.of(), IserPair.ram("ns1", 8));
        assertThat(p.connect()).isNull();
        SessionParameters s = new SessionTasks(p).session(0).parameters();
        assertThat(s.rdmaExtensions()).isTrue();
        assertThat(s.immediateData()).isTrue();
        assertThat(s.initialR2T()).isTrue();
        assertThat(s.firstBurstLength()).isEqualTo(65_536);
        assertThat(s.targetRecvDataSegmentLength()).isEqualTo(8192);
        assertThat(s.immediateBytes(1 << 20)).isEqualTo(8192);
    }

    @Test
    void lio_turns_immediate_data_off_on_a_session_that_moves_t10_pi() {
        IserPair p = new IserPair(Map.of("iser.initiator.pi-enable", "true", "iser.target.t10-pi", "true"),
                IserPair.ram("ns1", 8, "512+8", PiType.TYPE1));
        assertThat(p.connect()).isNull();
        SessionParameters s = new SessionTasks(p).session(0).parameters();
        assertThat(s.immediateData()).isFalse();
        assertThat(s.immediateBytes(512)).isZero();
    }

    @Test
    void the_window_from_max_cmdsn_is_the_target_s_cmdsn_depth() {
        IserPair p = new IserPair(Map.of("iser.target.cmdsn-depth", "16"), IserPair.ram("ns1", 8));
        assertThat(p.connect()).isNull();
        assertThat(new SessionTasks(p).session(0).window()).isEqualTo(16);
    }

    @Test
    void a_target_name_the_portal_does_not_have_fails_the_login_with_not_found() {
        IserPair p = new IserPair(Map.of(), IserPair.ram("ns1", 8));
        assertThat(p.connect()).isNull();
        var defaults = new IserProvider().defaultConfiguration();
        var policies = TestbedPolicies.builtIn(defaults);
        IserSession bogus = new IserSession(p.host, p.host.devices().get(0).allocPd(),
                InitiatorSettings.from(Map.of(), defaults), policies.registration(InitiatorSettings.REGISTRATION_POLICY),
                policies.cq(InitiatorSettings.CQ_POLICY), true, "iqn.2005-03.org.open-iscsi:test", "target",
                "iqn.2003-01.org.linux-iscsi.target:nope", 7);
        List<String> failures = new ArrayList<>();
        boolean[] in = {false};
        p.host.run(0, org.hcasim.host.Priority.THREAD, "login", () -> bogus.connect(() -> in[0] = true, failures::add));
        p.runBounded();
        assertThat(in[0]).isFalse();
        assertThat(failures).singleElement().asString()
                .contains("iqn.2003-01.org.linux-iscsi.target:nope", "0x0203", "target not found");
    }

    @Test
    void discovery_lists_every_target_with_the_portal_address_and_group_tag() {
        IserPair p = new IserPair(Map.of(), IserPair.ram("ns1", 8), IserPair.ram("ns2", 8));
        p.target.start();
        var defaults = new IserProvider().defaultConfiguration();
        var policies = TestbedPolicies.builtIn(defaults);
        IserSession discovery = new IserSession(p.host, p.host.devices().get(0).allocPd(),
                InitiatorSettings.from(Map.of(), defaults), policies.registration(InitiatorSettings.REGISTRATION_POLICY),
                policies.cq(InitiatorSettings.CQ_POLICY), true, "iqn.2005-03.org.open-iscsi:test", "target", null, 0);
        List<TextParameters> answers = new ArrayList<>();
        p.host.run(0, org.hcasim.host.Priority.THREAD, "discovery",
                () -> discovery.connect(() -> discovery.sendTargets(answers::add), why -> { throw new AssertionError(why); }));
        p.runBounded();
        assertThat(answers).singleElement().extracting(TextParameters::pairs).asList().hasSize(4);
        assertThat(answers.get(0).all("TargetName")).containsExactly("iqn.2003-01.org.linux-iscsi.target:ns1",
                "iqn.2003-01.org.linux-iscsi.target:ns2");
        assertThat(answers.get(0).all("TargetAddress")).containsOnly("target:3260,1");
    }
}
