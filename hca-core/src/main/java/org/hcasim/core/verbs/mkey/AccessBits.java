package org.hcasim.core.verbs.mkey;

import java.util.Set;
import org.hcasim.verbs.AccessFlag;

/** Access rights as a bit per {@link AccessFlag}, so that the check of every access is one mask test. */
public final class AccessBits {
    public static final int NONE = 0;
    public static final int LOCAL_WRITE = bit(AccessFlag.LOCAL_WRITE);
    public static final int REMOTE_WRITE = bit(AccessFlag.REMOTE_WRITE);
    public static final int REMOTE_READ = bit(AccessFlag.REMOTE_READ);

    private AccessBits() {
    }

    public static int bit(AccessFlag flag) {
        return 1 << flag.ordinal();
    }

    public static int of(Set<AccessFlag> flags) {
        int bits = 0;
        for (AccessFlag f : flags) {
            bits |= bit(f);
        }
        return bits;
    }
}
