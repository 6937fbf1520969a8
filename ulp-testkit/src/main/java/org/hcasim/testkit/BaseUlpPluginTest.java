package org.hcasim.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import org.hcasim.core.config.UserException;
import org.hcasim.core.plugin.InstalledUlp;
import org.hcasim.core.plugin.InstalledUlps;
import org.hcasim.core.policy.InstalledPolicies;
import org.hcasim.spi.InvalidSettingException;
import org.hcasim.spi.UlpProvider;
import org.hcasim.spi.policy.PolicyFactory;
import org.hcasim.spi.policy.PolicyKind;
import org.hcasim.spi.settings.SettingGrammar;
import org.junit.jupiter.api.Test;

/**
 * The contract of a ULP plugin. A plugin's test class extends it, names its provider and declares what it
 * supports:
 *
 * <pre>{@code
 * class FooContractTest extends BaseUlpPluginTest {
 *     protected UlpProvider provider() { return new FooProvider(); }
 *     protected Set<UlpCapability> supports() { return Set.of(UlpCapability.BLOCK_ROLES); }
 * }
 * }</pre>
 *
 * Checks for every plugin: the services file, the name and the keys under it, every key documented, the
 * contributed policies well named and not clashing with the engine's. For block plugins: a short fio job over its
 * roles writes and verifies byte for byte, every key it defines is read, a bad value of any of its numeric,
 * boolean or policy keys is a one-line error naming the key; then, per declared capability, a PI job, small
 * in-capsule writes, and a run with each SRQ policy.
 */
public abstract class BaseUlpPluginTest {

    /** A new instance of the plugin's provider. */
    protected abstract UlpProvider provider();

    /** What the plugin supports so far. */
    protected Set<UlpCapability> supports() {
        return Set.of();
    }

    /** The key that selects the target's SRQ policy (for {@link UlpCapability#SHARED_RECEIVE_QUEUES}). */
    protected String srqPolicyKey() {
        return provider().name() + ".target.srq-policy";
    }

    /** Keys the contract must not set to a bad value (e.g. free text the plugin accepts as it is), with why. */
    protected Map<String, String> keysTakingAnyText() {
        return Map.of();
    }

    /** A small testbed that keeps data: two 2-core hosts, a 64 MiB RAM namespace. */
    protected Map<String, String> testbed() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("testbed.initiator.cores", "2");
        m.put("testbed.target.cores", "2");
        m.put("testbed.target.backstore", "ram");
        m.put("testbed.target.namespace-size", "64m");
        return m;
    }

    private boolean supports(UlpCapability c) {
        return supports().contains(c);
    }

    private void requireBlockRoles() {
        assumeTrue(supports(UlpCapability.BLOCK_ROLES), provider().name() + " declares no block roles yet");
    }

    private String job(String options) {
        return "[contract]\nioengine=" + provider().name() + "\ndirect=1\n" + options;
    }

    // ------------------------------------------------------------------ every plugin

    @Test
    void the_services_file_names_the_provider() {
        Class<? extends UlpProvider> type = provider().getClass();
        List<Class<? extends UlpProvider>> found = ServiceLoader.load(UlpProvider.class, type.getClassLoader()).stream()
                .map(ServiceLoader.Provider::type).toList();
        assertThat(found).as("META-INF/services/org.hcasim.spi.UlpProvider lists " + type.getName()).contains(type);
    }

    @Test
    void its_name_is_lower_case_and_every_key_is_under_it_and_documented() {
        UlpProvider p = provider();
        assertThat(p.name()).matches("[a-z][a-z0-9-]*");
        assertThat(p.description()).isNotBlank().doesNotContain("\n");
        for (String key : p.defaultConfiguration().keySet()) {
            assertThat(key).as("key of plugin " + p.name()).startsWith(p.name() + ".");
            assertThat(p.configDoc().get(key)).as("documentation of " + key).isNotBlank();
        }
    }

    @Test
    void its_policies_are_well_named_and_clash_with_no_built_in_one() {
        UlpProvider p = provider();
        InstalledPolicies all = InstalledPolicies.of(new InstalledUlps(List.of(
                new InstalledUlp(p, InstalledUlp.CLASS_PATH, p.getClass().getClassLoader()))));
        for (List<? extends PolicyFactory<?>> factories : List.of(p.registrationPolicies(), p.cqPolicies(), p.srqPolicies())) {
            for (PolicyFactory<?> f : factories) {
                assertThat(f.name()).matches("[a-z][a-z0-9-]*");
                assertThat(f.description()).isNotBlank().doesNotContain("\n");
            }
        }
        for (PolicyKind kind : PolicyKind.values()) {
            assertThat(all.names(kind)).isNotEmpty();
        }
    }

    @Test
    void it_has_roles_exactly_where_it_declares_them() {
        assertThat(provider().blockProtocol().isPresent()).as("block roles").isEqualTo(supports(UlpCapability.BLOCK_ROLES));
        assertThat(provider().messageProtocol().isPresent()).as("message roles").isEqualTo(supports(UlpCapability.MESSAGE_ROLES));
    }

    // ------------------------------------------------------------------ block plugins

    @Test
    void a_short_fio_job_writes_and_verifies_every_block_byte_for_byte() {
        requireBlockRoles();
        PluginTestbed.Run run = new PluginTestbed(provider()).fio(testbed(),
                job("rw=randwrite\nbs=4k\niodepth=4\nsize=1m\nverify=crc32c\n"));
        assertThat(run.errors()).isEmpty();
        assertThat(run.ok()).isTrue();
    }

    @Test
    void every_key_it_defines_is_read_when_its_roles_run() {
        requireBlockRoles();
        Map<String, String> settings = new LinkedHashMap<>(provider().defaultConfiguration());
        settings.putAll(testbed());
        // Setting every key explicitly makes the run fail on any key that nothing read.
        PluginTestbed.Run run = new PluginTestbed(provider()).fio(settings, job("rw=randread\nbs=4k\niodepth=2\nsize=64k\n"));
        assertThat(run.ok()).isTrue();
    }

    @Test
    void a_bad_value_of_any_numeric_boolean_or_policy_key_is_a_one_line_error_naming_it() {
        requireBlockRoles();
        for (Map.Entry<String, String> e : provider().defaultConfiguration().entrySet()) {
            String key = e.getKey();
            if (keysTakingAnyText().containsKey(key) || !typed(key, e.getValue())) {
                continue;
            }
            Map<String, String> settings = new LinkedHashMap<>(testbed());
            settings.put(key, "not-a-value");
            assertThatThrownBy(() -> new PluginTestbed(provider()).fio(settings, job("rw=read\nbs=4k\nsize=16k\n")))
                    .as(key + " = not-a-value")
                    .isInstanceOfAny(UserException.class, InvalidSettingException.class)
                    .satisfies(t -> assertThat(t.getMessage()).contains(key).doesNotContain("\n"));
        }
    }

    /** A key whose value has a grammar a garbage word cannot meet: a boolean, a number, a policy name. */
    private static boolean typed(String key, String value) {
        if (PolicyKind.ofKey(key).isPresent()) {
            return true;
        }
        try {
            SettingGrammar.parseBoolean(value);
            return true;
        } catch (IllegalArgumentException notBoolean) {
            try {
                SettingGrammar.parseDouble(value);
                return true;
            } catch (IllegalArgumentException notNumber) {
                return false;
            }
        }
    }

    @Test
    void protection_information_generated_by_fio_is_checked_end_to_end() {
        requireBlockRoles();
        assumeTrue(supports(UlpCapability.PROTECTION_INFORMATION), provider().name() + " declares no PI support yet");
        Map<String, String> settings = new LinkedHashMap<>(testbed());
        settings.put("testbed.target.format", "512+8");
        settings.put("testbed.target.pi", "type1");
        PluginTestbed.Run run = new PluginTestbed(provider()).fio(settings, "[global]\nioengine=" + provider().name()
                + "\ndirect=1\nbs=4k\niodepth=4\nsize=256k\npi_act=0\npi_chk=GUARD,REFTAG\nmd_per_io_size=64\n"
                + "[write-pi]\nrw=write\n[read-pi]\nstonewall\nrw=read\n");
        assertThat(run.errors()).isEmpty();
        assertThat(run.ok()).isTrue();
    }

    @Test
    void small_writes_carried_in_the_command_are_stored_byte_for_byte() {
        requireBlockRoles();
        assumeTrue(supports(UlpCapability.IN_CAPSULE_DATA), provider().name() + " declares no in-capsule data yet");
        PluginTestbed.Run run = new PluginTestbed(provider()).fio(testbed(),
                job("rw=randwrite\nbs=512\niodepth=4\nsize=128k\nverify=crc32c\n"));
        assertThat(run.errors()).isEmpty();
        assertThat(run.ok()).isTrue();
    }

    @Test
    void its_target_runs_with_every_srq_policy() {
        requireBlockRoles();
        assumeTrue(supports(UlpCapability.SHARED_RECEIVE_QUEUES), provider().name() + " declares no SRQ support yet");
        PluginTestbed testbed = new PluginTestbed(provider());
        InstalledPolicies all = InstalledPolicies.of(new InstalledUlps(List.of(new InstalledUlp(provider(),
                InstalledUlp.CLASS_PATH, provider().getClass().getClassLoader()))));
        for (String policy : all.names(PolicyKind.SRQ)) {
            Map<String, String> settings = new LinkedHashMap<>(testbed());
            settings.put(srqPolicyKey(), policy);
            PluginTestbed.Run run = testbed.fio(settings, job("rw=randwrite\nbs=4k\niodepth=4\nsize=256k\nverify=crc32c\n"));
            assertThat(run.ok()).as("srq policy " + policy).isTrue();
            assertThat(run.testbed().policies().inForce()).containsEntry(srqPolicyKey(), policy);
        }
    }
}
