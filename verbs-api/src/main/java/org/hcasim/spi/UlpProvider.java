package org.hcasim.spi;

import com.google.inject.Module;
import java.util.List;
import java.util.Map;
import org.hcasim.spi.policy.CqPolicyFactory;
import org.hcasim.spi.policy.PolicyFactory;
import org.hcasim.spi.policy.RegistrationPolicyFactory;
import org.hcasim.spi.policy.SrqPolicyFactory;

/**
 * A protocol plugin (upper-layer protocol). Found with {@link java.util.ServiceLoader}; everything a
 * plugin may contribute is a default method returning "nothing", so a plugin overrides only what it has.
 *
 * <p>Plugins see only {@code verbs-api}: the engine's classes are not on their class path.
 */
public interface UlpProvider {

    /** Short lower-case name, used as fio {@code ioengine}, in configuration keys and on the command line. */
    String name();

    /** One line for {@code hcasim ulps}. */
    String description();

    /**
     * Default configuration of this plugin: keys {@code <name>.kebab-case}, values as strings.
     * Every key the plugin reads must have a default here; each documented in {@link #configDoc()}.
     */
    Map<String, String> defaultConfiguration();

    /** One sentence per key of {@link #defaultConfiguration()}, for {@code hcasim config --doc}. */
    default Map<String, String> configDoc() {
        return Map.of();
    }

    /** Bindings the plugin adds to a testbed's injector when the testbed names it. */
    default Module module() {
        return binder -> { };
    }

    /**
     * Registration policies this plugin offers to every role (its own and other plugins'), each a factory
     * named as configuration selects it; names are unique among all installed registration policies.
     */
    default List<RegistrationPolicyFactory> registrationPolicies() {
        return List.of();
    }

    /** CQ policies this plugin offers (e.g. a moderator), like {@link #registrationPolicies()}. */
    default List<CqPolicyFactory> cqPolicies() {
        return List.of();
    }

    /** SRQ policies this plugin offers, like {@link #registrationPolicies()}. */
    default List<SrqPolicyFactory> srqPolicies() {
        return List.of();
    }

    /** The block initiator/target pair, if this is a block storage protocol. */
    default java.util.Optional<org.hcasim.block.BlockProtocol> blockProtocol() {
        return java.util.Optional.empty();
    }

    /** Message endpoints, if this is a messaging protocol (RDS). */
    default java.util.Optional<MessageProtocol> messageProtocol() {
        return java.util.Optional.empty();
    }

    /** Extra {@code hcasim} subcommands. */
    default List<UlpTool> tools() {
        return List.of();
    }

    /** Experiments this plugin reproduces. */
    default List<ExperimentDefinition> experiments() {
        return List.of();
    }

    /** What this plugin contributes, as words for {@code hcasim ulps}. */
    default List<String> contributions() {
        var out = new java.util.ArrayList<String>();
        addPolicies(out, "registration-policies", registrationPolicies());
        addPolicies(out, "cq-policies", cqPolicies());
        addPolicies(out, "srq-policies", srqPolicies());
        if (blockProtocol().isPresent()) out.add("block-initiator+target");
        if (messageProtocol().isPresent()) out.add("message-endpoints");
        for (UlpTool t : tools()) out.add("tool:" + t.name());
        for (ExperimentDefinition e : experiments()) out.add("experiment:" + e.name());
        return out;
    }

    private static void addPolicies(List<String> out, String label, List<? extends PolicyFactory<?>> factories) {
        if (!factories.isEmpty()) {
            out.add(label + "=" + String.join("|", new java.util.TreeSet<>(factories.stream().map(PolicyFactory::name).toList())));
        }
    }
}
