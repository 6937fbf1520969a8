package org.hcasim.spi;

import com.google.inject.Module;
import java.util.List;
import java.util.Map;

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

    /** Memory-registration policies this plugin offers, by policy name. */
    default Map<String, RegistrationPolicy> registrationPolicies() {
        return Map.of();
    }

    /** Completion-queue policies this plugin offers, by policy name. */
    default Map<String, CqPolicy> cqPolicies() {
        return Map.of();
    }

    /** Shared-receive-queue policies this plugin offers, by policy name. */
    default Map<String, SrqPolicy> srqPolicies() {
        return Map.of();
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
        if (!registrationPolicies().isEmpty()) out.add("registration-policies=" + String.join("|", new java.util.TreeSet<>(registrationPolicies().keySet())));
        if (!cqPolicies().isEmpty()) out.add("cq-policies=" + String.join("|", new java.util.TreeSet<>(cqPolicies().keySet())));
        if (!srqPolicies().isEmpty()) out.add("srq-policies=" + String.join("|", new java.util.TreeSet<>(srqPolicies().keySet())));
        if (blockProtocol().isPresent()) out.add("block-initiator+target");
        if (messageProtocol().isPresent()) out.add("message-endpoints");
        for (UlpTool t : tools()) out.add("tool:" + t.name());
        for (ExperimentDefinition e : experiments()) out.add("experiment:" + e.name());
        return out;
    }
}
