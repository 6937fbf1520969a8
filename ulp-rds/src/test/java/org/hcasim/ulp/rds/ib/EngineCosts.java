package org.hcasim.ulp.rds.ib;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.hcasim.core.host.CostTable;
import org.hcasim.core.testbed.VerbsTestbed;

/** The default host's costs completed with the engine's built-in {@code host.cost.*} defaults (as a testbed does). */
public final class EngineCosts {
    private EngineCosts() {
    }

    public static CostTable withBuiltInDefaults() {
        CostTable base = (CostTable) VerbsTestbed.defaultCosts();
        Map<String, Long> ns = new HashMap<>(base.perOperation());
        Map<String, Double> perByte = new HashMap<>(base.perByte());
        Properties defaults = new Properties();
        try (InputStream in = EngineCosts.class.getResourceAsStream("/org/hcasim/core/config/defaults.properties")) {
            defaults.load(in);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        for (String key : defaults.stringPropertyNames()) {
            String v = defaults.getProperty(key).strip();
            if (key.startsWith("host.cost.") && key.endsWith("-ns-per-byte")) {
                perByte.putIfAbsent(key.substring(10, key.length() - 12), Double.parseDouble(v));
            } else if (key.startsWith("host.cost.") && key.endsWith("-ns")) {
                ns.putIfAbsent(key.substring(10, key.length() - 3), Long.parseLong(v));
            }
        }
        return new CostTable(ns, perByte);
    }

    /** The same without the slow-down of CPU work by inbound DMA, for tests that compare charged times exactly. */
    public static CostTable withoutCachePollution() {
        CostTable all = withBuiltInDefaults();
        Map<String, Double> perByte = new HashMap<>(all.perByte());
        perByte.remove("llc-pollution");
        return new CostTable(all.perOperation(), perByte);
    }
}
