package org.hcasim.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.core.plugin.InstalledUlp;
import org.hcasim.core.plugin.InstalledUlps;
import org.hcasim.core.plugin.PluginException;
import org.hcasim.spi.InvalidSettingException;
import org.hcasim.spi.UlpProvider;
import org.hcasim.spi.policy.CqPolicy;
import org.hcasim.spi.policy.CqPolicyFactory;
import org.hcasim.spi.policy.PolicyContext;
import org.hcasim.spi.policy.PolicyKind;
import org.junit.jupiter.api.Test;

/** How a role finds its policies by name: built in or from any installed plugin, with clear errors. */
class TestbedPoliciesTest {

    /** A CQ policy that remembers what it was created for. */
    record Recording(PolicyContext context) implements CqPolicy {
        @Override
        public org.hcasim.verbs.CompletionQueue createCq(org.hcasim.verbs.RdmaDevice device, org.hcasim.verbs.CqInit requested) {
            return device.createCq(requested);
        }
    }

    static CqPolicyFactory factory(String name) {
        return new CqPolicyFactory() {
            @Override public String name() { return name; }
            @Override public String description() { return "a test moderator"; }
            @Override public CqPolicy create(PolicyContext context) { return new Recording(context); }
        };
    }

    /** A plugin offering one CQ policy and no protocol. */
    static UlpProvider plugin(String pluginName, String policyName) {
        return new UlpProvider() {
            @Override public String name() { return pluginName; }
            @Override public String description() { return "policies only"; }
            @Override public Map<String, String> defaultConfiguration() { return Map.of(); }
            @Override public List<CqPolicyFactory> cqPolicies() { return List.of(factory(policyName)); }
        };
    }

    private static InstalledUlps installed(UlpProvider... providers) {
        return new InstalledUlps(java.util.Arrays.stream(providers)
                .map(p -> new InstalledUlp(p, InstalledUlp.CLASS_PATH, TestbedPoliciesTest.class.getClassLoader())).toList());
    }

    @Test
    void a_role_gets_the_policy_its_key_names_created_for_the_role_from_the_configuration() {
        Map<String, String> config = new HashMap<>(Map.of("nvmeof.host.cq-policy", "halving"));
        TestbedPolicies policies = new TestbedPolicies(InstalledPolicies.of(installed(plugin("example", "halving"))), config);

        CqPolicy p = policies.cq("nvmeof.host.cq-policy");

        assertThat(p).isInstanceOf(Recording.class);
        assertThat(((Recording) p).context().role()).isEqualTo("nvmeof.host");
        assertThat(((Recording) p).context().key()).isEqualTo("nvmeof.host.cq-policy");
        assertThat(policies.inForce()).containsExactly(Map.entry("nvmeof.host.cq-policy", "halving"));
    }

    @Test
    void a_name_the_role_derived_wins_over_the_key_and_is_recorded_under_the_key() {
        TestbedPolicies policies = TestbedPolicies.builtIn(Map.of("nvmeof.host.registration-policy", ""));

        policies.registration("nvmeof.host.registration-policy", "global-key-single-segment");

        assertThat(policies.inForce()).containsEntry("nvmeof.host.registration-policy", "global-key-single-segment");
    }

    @Test
    void an_unknown_name_is_a_setting_error_listing_the_choices() {
        TestbedPolicies policies = TestbedPolicies.builtIn(Map.of("nvmeof.target.srq-policy", "per-socket"));

        assertThatThrownBy(() -> policies.srq("nvmeof.target.srq-policy"))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessage("nvmeof.target.srq-policy = per-socket: unknown SRQ policy; choices: none, per-device, per-vector");
    }

    @Test
    void an_empty_name_is_a_setting_error_too() {
        TestbedPolicies policies = TestbedPolicies.builtIn(Map.of("x.cq-policy", " "));

        assertThatThrownBy(() -> policies.cq("x.cq-policy"))
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining("names no CQ policy; choices: fixed");
    }

    @Test
    void every_installed_plugin_offers_its_policies_to_every_role_beside_the_built_in_ones() {
        InstalledPolicies all = InstalledPolicies.of(installed(plugin("example", "halving"), plugin("other", "doubling")));

        assertThat(all.names(PolicyKind.CQ)).containsExactly("doubling", "fixed", "halving");
        assertThat(all.of(PolicyKind.CQ).get("halving").origin()).isEqualTo("example");
        assertThat(all.of(PolicyKind.CQ).get("fixed").origin()).isEqualTo(InstalledPolicies.BUILT_IN);
        assertThat(all.names(PolicyKind.REGISTRATION))
                .containsExactly("global-key-single-segment", "klm-only", "mtt-first", "pa-first", "register-always");
        assertThat(all.names(PolicyKind.SRQ)).containsExactly("none", "per-device", "per-vector");
    }

    @Test
    void two_policies_of_one_kind_with_one_name_are_an_error_naming_both_origins() {
        assertThatThrownBy(() -> InstalledPolicies.of(installed(plugin("example", "fixed"))))
                .isInstanceOf(PluginException.class)
                .hasMessage("CQ policy 'fixed' is offered twice: by built in and by example");
    }

    @Test
    void a_policy_key_is_recognised_by_its_last_segment() {
        assertThat(PolicyKind.ofKey("iser.initiator.registration-policy")).contains(PolicyKind.REGISTRATION);
        assertThat(PolicyKind.ofKey("rds.cq-policy")).contains(PolicyKind.CQ);
        assertThat(PolicyKind.ofKey("nvmeof.target.srq-size")).isEmpty();
        assertThat(PolicyContext.forKey("srp.target.srq-policy", Map.of()).role()).isEqualTo("srp.target");
    }
}
