package org.hcasim.dist.cli;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.hcasim.core.config.ConfigLayer;
import org.hcasim.core.config.ConfigLoader;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.mrcache.MrCachePolicies;
import org.hcasim.core.policy.InstalledPolicies;
import org.hcasim.dist.cli.support.ConfigOptions;
import org.hcasim.dist.cli.support.Installation;
import org.hcasim.spi.UlpProvider;
import org.hcasim.spi.policy.PolicyKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code hcasim config}: the effective configuration, each value with the layer it comes from. */
@Command(name = "config", mixinStandardHelpOptions = true,
        description = {"Print the effective configuration: every key, its value and the layer it comes from.",
            "Layers, lowest first: built-in defaults, HCA and host profiles, plugin defaults, conf/hcasim.properties, "
                + "the testbed file, --set."})
public final class ConfigCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Option(names = "--doc", description = "Also print each key's documentation (the comments of the defaults files).")
    boolean doc;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Installation installation = Installation.current();
        HcasimConfig config = options.load(installation);
        PrintWriter out = spec.commandLine().getOut();

        out.println("# layers, lowest first: " + String.join(", ", config.layers().stream().map(ConfigLayer::name).toList()));
        Map<String, String> docs = new HashMap<>(ConfigLoader.builtInDocs());
        docs.putAll(ConfigLoader.profileDocs(config));
        for (UlpProvider p : installation.ulps().providers()) {
            docs.putAll(p.configDoc());
        }
        int width = 0;
        for (HcasimConfig.Entry e : config.entries()) {
            width = Math.max(width, e.key().length() + 3 + e.value().length());
        }
        InstalledPolicies policies = doc ? InstalledPolicies.of(installation.ulps()) : null;
        for (HcasimConfig.Entry e : config.entries()) {
            if (doc && docs.containsKey(e.key())) {
                out.println("# " + docs.get(e.key()));
            }
            if (doc) {
                PolicyKind.ofKey(e.key()).ifPresent(kind -> printChoices(out, policies, kind));
                if (e.key().equals(MrCachePolicies.KEY)) {
                    out.println("#   MR cache policies to choose from:");
                    MrCachePolicies.factories().forEach(f -> out.println("#     " + f.name() + " (built in): " + f.description()));
                }
            }
            String kv = e.key() + " = " + e.value();
            out.println(kv + " ".repeat(width - kv.length()) + "  (" + e.source() + ")");
        }
        out.flush();
        return HcasimCommand.OK;
    }

    /** The policies a policy key may name, one comment line each: name, where it comes from, what it does. */
    private static void printChoices(PrintWriter out, InstalledPolicies policies, PolicyKind kind) {
        out.println("#   " + kind.label() + " policies to choose from:");
        policies.of(kind).forEach((name, entry) ->
                out.println("#     " + name + " (" + entry.origin() + "): " + entry.factory().description()));
    }
}
