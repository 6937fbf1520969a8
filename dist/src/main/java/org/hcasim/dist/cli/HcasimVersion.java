package org.hcasim.dist.cli;

import picocli.CommandLine.IVersionProvider;

/** The project version, filled into {@code version.properties} by the Maven build. */
public final class HcasimVersion implements IVersionProvider {

    /** The version string, e.g. {@code 0.1.0-SNAPSHOT}. */
    public static String version() {
        return org.hcasim.dist.cli.support.BuildVersion.get();
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "hcasim " + version(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.home") + ")"
        };
    }
}
