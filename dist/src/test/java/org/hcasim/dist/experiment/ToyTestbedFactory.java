package org.hcasim.dist.experiment;

import java.io.IOException;
import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.hcasim.core.config.UserException;
import org.hcasim.core.host.CostTable;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.host.SparseHostMemory;
import org.hcasim.core.sim.Simulation;
import org.hcasim.dist.experiment.run.TestbedFactory;
import org.hcasim.spi.TestbedSpec;

/** Test testbeds: one host named {@code host} with {@code host.cores} cores; any other key is an error. */
public final class ToyTestbedFactory implements TestbedFactory {
    @Override
    public boolean accepts(TestbedSpec testbed) {
        return testbed.source().startsWith("toy");
    }

    @Override
    public Built build(TestbedSpec testbed, List<String> workloadUlps, Map<String, String> overrides, long seed) {
        Properties p = new Properties();
        try {
            p.load(new StringReader(testbed.properties()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        Map<String, String> config = new LinkedHashMap<>();
        p.stringPropertyNames().forEach(k -> config.put(k, p.getProperty(k).strip()));
        config.putAll(testbed.settings());
        config.putAll(overrides);
        for (String key : config.keySet()) {
            if (!key.equals("host.cores")) {
                throw new UserException("unknown configuration key '" + key + "' (known: host.cores)");
            }
        }
        Simulation sim = new Simulation(seed);
        new SimHost(sim, "host", Integer.parseInt(config.get("host.cores")), new CostTable(Map.of(), Map.of()),
                new SparseHostMemory("host", PayloadMode.ELIDED));
        return new Built(sim, key -> Optional.ofNullable(config.get(key)));
    }
}
