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

    /** The installation this process runs from. */
    public static Installation current() {
        String home = System.getProperty(UlpDiscovery.HOME_PROPERTY);
        return new Installation(home == null || home.isBlank() ? null : Path.of(home).toAbsolutePath().normalize());
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
