package org.hcasim.core.testbed;

import java.util.HashMap;
import java.util.Map;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.host.CostTable;
import org.hcasim.core.verbs.VerbsTestbed;
import org.hcasim.host.CpuCosts;

/**
 * The CPU costs of a host: the engine's defaults ({@link VerbsTestbed#defaultCosts()}) overlaid with
 * every {@code host.cost.<name>-ns} and {@code host.cost.<name>-ns-per-byte} key of the configuration
 * (built-in defaults, the host profile, the testbed, {@code --set}).
 */
public final class HostCostsLoader {
    private static final String PREFIX = "host.cost.";

    private HostCostsLoader() {
    }

    public static CpuCosts from(HcasimConfig config) {
        CostTable base = (CostTable) VerbsTestbed.defaultCosts();
        Map<String, Long> ns = new HashMap<>(base.perOperation());
        Map<String, Double> perByte = new HashMap<>(base.perByte());
        for (String key : config.keys()) {
            if (!key.startsWith(PREFIX)) continue;
            String name = key.substring(PREFIX.length());
            if (name.endsWith("-ns-per-byte")) {
                perByte.put(name.substring(0, name.length() - "-ns-per-byte".length()), config.getDouble(key));
            } else if (name.endsWith("-ns")) {
                ns.put(name.substring(0, name.length() - "-ns".length()), config.getLong(key));
            }
        }
        return new CostTable(ns, perByte);
    }
}
