package org.hcasim.dist.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.hcasim.core.plugin.InstalledUlp;
import org.hcasim.dist.cli.support.Installation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code hcasim ulps}: the installed protocol plugins. */
@Command(name = "ulps", mixinStandardHelpOptions = true,
        description = "List the installed protocol plugins (ULPs): name, description, contributions, origin.")
public final class UlpsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<InstalledUlp> ulps = Installation.current().ulps().all();
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
            out.println(indent + "loaded from: " + ulp.origin());
        }
        out.flush();
        return HcasimCommand.OK;
    }
}
