package org.hcasim.core.plugin;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.spi.UlpProvider;

/** The plugins installed in this hcasim, by name (sorted); no two share a name. */
public final class InstalledUlps {
    private final Map<String, InstalledUlp> byName = new LinkedHashMap<>();

    public InstalledUlps(List<InstalledUlp> ulps) {
        List<InstalledUlp> sorted = new ArrayList<>(ulps);
        sorted.sort(Comparator.comparing(InstalledUlp::name));
        for (InstalledUlp ulp : sorted) {
            InstalledUlp previous = byName.putIfAbsent(ulp.name(), ulp);
            if (previous != null) {
                throw new PluginException("plugin " + ulp.name() + " is installed twice: from " + previous.origin()
                        + " (" + previous.provider().getClass().getName() + ") and from " + ulp.origin()
                        + " (" + ulp.provider().getClass().getName() + ")");
            }
        }
    }

    /** All installed plugins, sorted by name. */
    public List<InstalledUlp> all() {
        return List.copyOf(byName.values());
    }

    public List<UlpProvider> providers() {
        return all().stream().map(InstalledUlp::provider).toList();
    }

    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /** The named plugin; an error naming the installed ones if it is not installed. */
    public InstalledUlp get(String name) {
        InstalledUlp ulp = byName.get(name);
        if (ulp == null) {
            throw new PluginException("ULP '" + name + "' is not installed; installed: "
                    + (byName.isEmpty() ? "none" : String.join(", ", byName.keySet())));
        }
        return ulp;
    }

    /** The named plugins, in the given order; fails on the first one not installed. */
    public List<InstalledUlp> select(List<String> names) {
        return names.stream().map(this::get).toList();
    }
}
