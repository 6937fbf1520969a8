package org.hcasim.verbs;

import java.util.EnumSet;
import java.util.Set;

/** Memory region and QP access rights (IB_ACCESS_*). REMOTE_WRITE and REMOTE_ATOMIC require LOCAL_WRITE. */
public enum AccessFlag {
    LOCAL_WRITE, REMOTE_WRITE, REMOTE_READ, REMOTE_ATOMIC;

    /** LOCAL_WRITE + REMOTE_READ + REMOTE_WRITE, what storage ULPs use for fast registration. */
    public static Set<AccessFlag> all() {
        return EnumSet.of(LOCAL_WRITE, REMOTE_READ, REMOTE_WRITE);
    }

    public static Set<AccessFlag> of(AccessFlag first, AccessFlag... rest) {
        return EnumSet.of(first, rest);
    }

    public static Set<AccessFlag> none() {
        return EnumSet.noneOf(AccessFlag.class);
    }
}
