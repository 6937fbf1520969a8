package org.hcasim.dist.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.hcasim.core.mrcache.MrCachePolicies;
import org.hcasim.core.plugin.InstalledUlp;
import org.hcasim.core.plugin.InstalledUlps;
import org.hcasim.core.policy.InstalledPolicies;
import org.hcasim.spi.UlpProvider;
import org.hcasim.spi.policy.PolicyKind;
import org.hcasim.dist.cli.support.Installation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code hcasim ulps}: the installed protocol plugins. */
@Command(name = "ulps", mixinStandardHelpOptions = true,
        description = "List the built-in policies and the installed protocol plugins (ULPs): name, description, "
                + "contributions (policies, block roles, tools, experiments), the policies each role selects, origin.")
public final class UlpsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        InstalledUlps installed = Installation.current().ulps();
        List<InstalledUlp> ulps = installed.all();
        printBuiltInPolicies(out, InstalledPolicies.of(installed));
        if (ulps.isEmpty()) {
            out.println("no ULP plugins installed");
        }
        int width = ulps.stream().mapToInt(u -> u.name().length()).max().orElse(0);
        String indent = " ".repeat(width + 2);
        for (InstalledUlp ulp : ulps) {
            var p = ulp.provider();
            List<String> contributions = p.contributions();
            out.println(ulp.name() + " ".repeat(width - ulp.name().length() + 2) + p.description());
            out.println(indent + "contributes: " + (contributions.isEmpty() ? "nothing yet" : String.join(", ", contributions))
                    + "; " + p.defaultConfiguration().size() + " configuration keys");
            String roles = policyKeysByRole(p);
            if (!roles.isEmpty()) {
                out.println(indent + "policies by role: " + roles);
            }
            out.println(indent + "loaded from: " + ulp.origin());
        }
        out.flush();
        return HcasimCommand.OK;
    }

    /** The engine's own policies, by kind: what every role can choose whatever plugins are installed. */
    private static void printBuiltInPolicies(PrintWriter out, InstalledPolicies policies) {
        out.println("built-in policies (any role may choose them; plugins add their own):");
        for (PolicyKind kind : PolicyKind.values()) {
            List<String> names = policies.of(kind).entrySet().stream()
                    .filter(e -> e.getValue().origin().equals(InstalledPolicies.BUILT_IN)).map(Map.Entry::getKey).toList();
            out.println("  " + kind.keySuffix() + ": " + (names.isEmpty() ? "none" : String.join(", ", names)));
        }
        out.println("engine policies (chosen by the HCA profile's key, not by a role):");
        out.println("  " + MrCachePolicies.KEY + ": " + String.join(", ", MrCachePolicies.names()));
    }

    /**
     * The plugin's policy keys grouped by role with their defaults, e.g.
     * {@code host: registration-policy = (by register-always), cq-policy = fixed; target: ...}.
     */
    static String policyKeysByRole(UlpProvider p) {
        Map<String, List<String>> byRole = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : p.defaultConfiguration().entrySet()) {
            String key = e.getKey();
            if (PolicyKind.ofKey(key).isEmpty()) {
                continue;
            }
            int last = key.lastIndexOf('.');
            String role = key.startsWith(p.name() + ".") ? key.substring(p.name().length() + 1, Math.max(last, p.name().length() + 1)) : key;
            String value = e.getValue().isBlank() ? "(derived from other keys, see config --doc)" : e.getValue();
            byRole.computeIfAbsent(role.isEmpty() ? "-" : role, r -> new ArrayList<>()).add(key.substring(last + 1) + " = " + value);
        }
        List<String> parts = new ArrayList<>();
        byRole.forEach((role, keys) -> parts.add(role + ": " + String.join(", ", keys)));
        return String.join("; ", parts);
    }
}
