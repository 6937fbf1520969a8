package org.hcasim.core.plugin;

import java.util.Objects;
import org.hcasim.spi.UlpProvider;

/**
 * A discovered plugin and where it came from.
 *
 * @param provider the plugin
 * @param origin   {@code class path} or the {@code ulp/<name>/} folder it was loaded from
 * @param loader   the class loader that defined the provider class
 */
public record InstalledUlp(UlpProvider provider, String origin, ClassLoader loader) {
    /** The origin of plugins found on the engine's own class path. */
    public static final String CLASS_PATH = "class path";

    public InstalledUlp {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(loader, "loader");
    }

    public String name() {
        return provider.name();
    }
}
