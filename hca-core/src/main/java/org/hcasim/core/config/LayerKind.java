package org.hcasim.core.config;

/**
 * The kinds of configuration layers, lowest precedence first. Layers that {@linkplain #definesKeys()
 * define keys} make up the set of known keys; the others may only change known keys.
 */
public enum LayerKind {
    /** {@code org/hcasim/core/config/defaults.properties}: every key the engine reads. */
    BUILT_IN_DEFAULTS(true, false),
    /** An HCA or host profile: the physical parameters of a device or machine. */
    PROFILE(true, false),
    /** A plugin's {@code UlpProvider.defaultConfiguration()}. */
    ULP_DEFAULTS(true, false),
    /** The distribution's {@code conf/hcasim.properties}: site settings, may name keys of idle components. */
    DISTRIBUTION(false, false),
    /** A testbed or experiment file, or an experiment point's settings. */
    TESTBED(false, true),
    /** {@code --set key=value} on the command line. */
    COMMAND_LINE(false, true);

    private final boolean definesKeys;
    private final boolean mustBeRead;

    LayerKind(boolean definesKeys, boolean mustBeRead) {
        this.definesKeys = definesKeys;
        this.mustBeRead = mustBeRead;
    }

    /** Whether the keys of such a layer are known keys (otherwise a key must be known from a lower layer). */
    public boolean definesKeys() {
        return definesKeys;
    }

    /** Whether a key set in such a layer but read by nothing is an error ({@link HcasimConfig#checkAllKeysUsed()}). */
    public boolean mustBeRead() {
        return mustBeRead;
    }
}
