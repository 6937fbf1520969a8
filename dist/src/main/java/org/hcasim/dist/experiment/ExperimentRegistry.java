package org.hcasim.dist.experiment;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.hcasim.core.config.UserException;
import org.hcasim.dist.cli.support.Installation;
import org.hcasim.dist.experiment.compare.ReferenceLayout;
import org.hcasim.dist.experiment.compare.ReferenceTable;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.UlpProvider;

/**
 * Every experiment hcasim can reproduce: the distribution's own and those the installed plugins
 * contribute. Each definition is checked on registration (columns against its axes and against its
 * reference table's header), so a broken definition fails here, naming itself, not mid-sweep.
 */
public final class ExperimentRegistry {
    private final Map<String, ExperimentDefinition> byName = new LinkedHashMap<>();
    private final Map<String, String> origin = new LinkedHashMap<>();
    private final Map<String, String> broken = new LinkedHashMap<>();

    /**
     * Adds an experiment. A definition that fails its checks is kept as broken: the others still run, and
     * selecting it (or {@code all}) reports why it cannot run.
     */
    public ExperimentRegistry add(String from, ExperimentDefinition e) {
        String previous = origin.putIfAbsent(e.name(), from);
        if (previous != null) {
            throw new IllegalStateException("experiment " + e.name() + " is defined by both " + previous + " and " + from);
        }
        try {
            new ReferenceLayout(e).checkHeader(reference(e));
            byName.put(e.name(), e);
        } catch (RuntimeException bug) {
            broken.put(e.name(), String.valueOf(bug.getMessage()));
        }
        return this;
    }

    /** Broken experiments by name, with what is wrong with each. */
    public Map<String, String> broken() {
        return Map.copyOf(broken);
    }

    /**
     * The distribution's experiments ({@link DistExperiments} and any {@link ExperimentSource} on the class
     * path) plus those of the installed plugins (class path and {@code ulp/} folders).
     */
    public static ExperimentRegistry installed() {
        List<ExperimentDefinition> own = new ArrayList<>(DistExperiments.all());
        ServiceLoader.load(ExperimentSource.class, ExperimentRegistry.class.getClassLoader())
                .forEach(s -> own.addAll(s.experiments()));
        // the plugins the testbeds run (discovered once): a second discovery would load a plugin's classes again, and
        // its experiment would not recognise the endpoints of its own ULP (RdsStressRun's lost-connection check)
        return of(own, Installation.current().ulps().providers());
    }

    public static ExperimentRegistry of(List<ExperimentDefinition> own, Collection<UlpProvider> plugins) {
        ExperimentRegistry r = new ExperimentRegistry();
        own.forEach(e -> r.add("hcasim", e));
        List<UlpProvider> sorted = new ArrayList<>(plugins);
        sorted.sort(Comparator.comparing(UlpProvider::name));
        for (UlpProvider p : sorted) {
            p.experiments().forEach(e -> r.add("plugin " + p.name(), e));
        }
        return r;
    }

    public List<ExperimentDefinition> all() {
        return List.copyOf(byName.values());
    }

    /** Where an experiment comes from ("hcasim" or "plugin NAME"). */
    public String origin(String name) {
        return origin.get(name);
    }

    /** The experiment named {@code name}; an unknown name is a {@link UserException} listing the known ones. */
    public ExperimentDefinition get(String name) {
        ExperimentDefinition e = byName.get(name);
        if (broken.containsKey(name)) {
            throw new UserException("experiment " + name + " (" + origin.get(name) + ") cannot run, its definition is broken: "
                    + broken.get(name));
        }
        if (e == null) {
            throw new UserException("unknown experiment '" + name + "'; "
                    + (origin.isEmpty() ? "no experiments are installed" : "experiments: " + String.join(", ", origin.keySet()) + ", all"));
        }
        return e;
    }

    /** {@code all} (the experiments that can run; see {@link #broken()} for the others) or one name. */
    public List<ExperimentDefinition> select(String nameOrAll) {
        if (nameOrAll.equals("all")) {
            if (byName.isEmpty()) {
                throw new UserException("no experiments are installed");
            }
            return all();
        }
        return List.of(get(nameOrAll));
    }

    /** The experiment's reference table, read from its owner's class loader (plugins have their own). */
    public static ReferenceTable reference(ExperimentDefinition e) {
        return ReferenceTable.resource(e.getClass(), e.referenceResource());
    }
}
