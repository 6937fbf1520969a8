package org.hcasim.dist.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The project version, filled into {@code version.properties} by the Maven build. */
public final class HcasimVersion implements IVersionProvider {

    /** The version string, e.g. {@code 0.1.0-SNAPSHOT}. */
    public static String version() {
        try (InputStream in = HcasimVersion.class.getResourceAsStream("version.properties")) {
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

    @Override
    public String[] getVersion() {
        return new String[] {
            "hcasim " + version(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.home") + ")"
        };
    }
}
