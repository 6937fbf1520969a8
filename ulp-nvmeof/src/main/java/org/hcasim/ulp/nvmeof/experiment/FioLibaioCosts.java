package org.hcasim.ulp.nvmeof.experiment;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.hcasim.spi.TestbedSpec;

/**
 * The per-I/O CPU costs of fio with {@code ioengine=libaio} on the references' initiators, from one commented file
 * ({@code fio-libaio-costs.properties}, with their derivation) shared by the experiments whose reference ran fio
 * with libaio, so that the derivation is written once. They are laid on a point's testbed as its settings.
 */
final class FioLibaioCosts {
    static final String RESOURCE = "fio-libaio-costs.properties";
    private static final Map<String, String> COSTS = load();

    private FioLibaioCosts() {
    }

    /** The costs, key to value, in key order. */
    static Map<String, String> costs() {
        return COSTS;
    }

    /** {@code spec} with the libaio costs as settings. */
    static TestbedSpec on(TestbedSpec spec) {
        TestbedSpec out = spec;
        for (Map.Entry<String, String> e : COSTS.entrySet()) {
            out = out.with(e.getKey(), e.getValue());
        }
        return out;
    }

    private static Map<String, String> load() {
        try (InputStream in = FioLibaioCosts.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " not found next to " + FioLibaioCosts.class.getName());
            }
            Properties p = new Properties();
            p.load(in);
            Map<String, String> costs = new TreeMap<>();
            for (String key : p.stringPropertyNames()) {
                if (!key.startsWith("host.cost.")) {
                    throw new IllegalStateException(RESOURCE + ": key " + key + " is not a host.cost.* key");
                }
                costs.put(key, p.getProperty(key).strip());
            }
            return java.util.Collections.unmodifiableMap(costs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
