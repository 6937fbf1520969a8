package org.hcasim.core.policy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hcasim.core.plugin.InstalledUlp;
import org.hcasim.core.plugin.InstalledUlps;
import org.hcasim.core.plugin.PluginException;
import org.hcasim.spi.UlpProvider;
import org.hcasim.spi.policy.PolicyFactory;
import org.hcasim.spi.policy.PolicyKind;

/**
 * Every policy factory of this hcasim: the built-in ones and those of every installed plugin (a plugin's
 * policies serve every role, not only its own), by kind and name. Two factories of one kind with the same
 * name are an error naming both origins. Immutable: shared by all testbeds.
 */
public final class InstalledPolicies {

    /** Where a factory comes from: {@code built in} or the plugin's name. */
    public record Entry(PolicyFactory<?> factory, String origin) {
    }

    /** Origin of the engine's own policies. */
    public static final String BUILT_IN = "built in";

    private final Map<PolicyKind, Map<String, Entry>> byKind = new EnumMap<>(PolicyKind.class);

    private InstalledPolicies() {
        for (PolicyKind kind : PolicyKind.values()) {
            byKind.put(kind, new TreeMap<>());
        }
    }

    /** The built-in policies only. */
    public static InstalledPolicies builtIn() {
        return of(new InstalledUlps(List.of()));
    }

    /** The built-in policies plus those of every plugin in {@code installed}. */
    public static InstalledPolicies of(InstalledUlps installed) {
        InstalledPolicies p = new InstalledPolicies();
        p.addAll(PolicyKind.REGISTRATION, BuiltInPolicies.registration(), BUILT_IN);
        p.addAll(PolicyKind.CQ, BuiltInPolicies.cq(), BUILT_IN);
        p.addAll(PolicyKind.SRQ, BuiltInPolicies.srq(), BUILT_IN);
        for (InstalledUlp ulp : installed.all()) {
            UlpProvider provider = ulp.provider();
            p.addAll(PolicyKind.REGISTRATION, provider.registrationPolicies(), ulp.name());
            p.addAll(PolicyKind.CQ, provider.cqPolicies(), ulp.name());
            p.addAll(PolicyKind.SRQ, provider.srqPolicies(), ulp.name());
        }
        return p;
    }

    private void addAll(PolicyKind kind, List<? extends PolicyFactory<?>> factories, String origin) {
        for (PolicyFactory<?> f : factories) {
            Entry previous = byKind.get(kind).putIfAbsent(f.name(), new Entry(f, origin));
            if (previous != null) {
                throw new PluginException(kind.label() + " policy '" + f.name() + "' is offered twice: by "
                        + previous.origin() + " and by " + origin);
            }
        }
    }

    /** The factories of {@code kind} by name, sorted. */
    public Map<String, Entry> of(PolicyKind kind) {
        return Collections.unmodifiableMap(byKind.get(kind));
    }

    /** Names of {@code kind}, sorted. */
    public List<String> names(PolicyKind kind) {
        return new ArrayList<>(byKind.get(kind).keySet());
    }

    /** The factory {@code name} of {@code kind}, or null. */
    public PolicyFactory<?> find(PolicyKind kind, String name) {
        Entry e = byKind.get(kind).get(name);
        return e == null ? null : e.factory();
    }
}
