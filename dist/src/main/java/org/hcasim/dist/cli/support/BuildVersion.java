package org.hcasim.dist.cli.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The project version the Maven build filled into {@code version.properties} (for --version and shard records). */
public final class BuildVersion {
    private static final String RESOURCE = "/org/hcasim/dist/cli/version.properties";

    private BuildVersion() { }

    /** The version string, e.g. {@code 0.1.0-SNAPSHOT}; {@code unknown} outside a build. */
    public static String get() {
        try (InputStream in = BuildVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
