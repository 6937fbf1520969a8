package org.hcasim.dist.cli.support;

import java.nio.file.Path;
import java.util.Optional;
import org.hcasim.core.plugin.InstalledUlps;
import org.hcasim.core.plugin.UlpDiscovery;

/**
 * This hcasim installation: the distribution directory ({@code -Dhcasim.home}, set by {@code bin/hcasim};
 * absent when run from the IDE or tests), its installed plugins and its site configuration.
 */
public final class Installation {
    private final Path home;
    private InstalledUlps ulps;

    private Installation(Path home) {
        this.home = home;
    }

    private static Installation current;

    /**
     * The installation this process runs from. The same object for the same {@code hcasim.home}, so
     * plugins are discovered (and their class loaders created) once per process, not once per run.
     */
    public static synchronized Installation current() {
        String property = System.getProperty(UlpDiscovery.HOME_PROPERTY);
        Path home = property == null || property.isBlank() ? null : Path.of(property).toAbsolutePath().normalize();
        if (current == null || !java.util.Objects.equals(current.home, home)) {
            current = new Installation(home);
        }
        return current;
    }

    /** The distribution directory, if running from one. */
    public Optional<Path> home() {
        return Optional.ofNullable(home);
    }

    /** The plugins: from the class path and the distribution's {@code ulp/} folders (discovered once). */
    public synchronized InstalledUlps ulps() {
        if (ulps == null) {
            ulps = UlpDiscovery.discover(UlpDiscovery.class.getClassLoader(), home == null ? null : home.resolve("ulp"));
        }
        return ulps;
    }

    /** {@code conf/hcasim.properties} of the distribution, if running from one (the file may not exist). */
    public Optional<Path> siteConfiguration() {
        return home().map(h -> h.resolve("conf").resolve("hcasim.properties"));
    }
}
