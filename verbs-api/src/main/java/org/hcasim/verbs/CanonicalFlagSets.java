package org.hcasim.verbs;

import java.util.EnumSet;
import java.util.Set;

/**
 * The immutable flag sets work requests carry, made once per combination: a ULP builds several work requests
 * per I/O, and copying each flag or access set anew (through a hash set) was a large part of the allocation of a
 * simulated I/O. {@code Set.copyOf} of one of these returns it as is.
 */
final class CanonicalFlagSets {
    private static final Set<SendFlag>[] SEND_FLAGS = combinations(SendFlag.class);
    private static final Set<AccessFlag>[] ACCESS = combinations(AccessFlag.class);

    private CanonicalFlagSets() {
    }

    /** The immutable set of {@code flags}. */
    static Set<SendFlag> sendFlags(SendFlag... flags) {
        int mask = 0;
        for (SendFlag f : flags) {
            mask |= 1 << f.ordinal();
        }
        return SEND_FLAGS[mask];
    }

    /** The immutable set with the elements of {@code access} (no nulls). */
    static Set<AccessFlag> access(Set<AccessFlag> access) {
        int mask = 0;
        for (AccessFlag f : access) {
            mask |= 1 << f.ordinal();
        }
        return ACCESS[mask];
    }

    @SuppressWarnings("unchecked")
    private static <E extends Enum<E>> Set<E>[] combinations(Class<E> type) {
        E[] all = type.getEnumConstants();
        Set<E>[] out = new Set[1 << all.length];
        for (int mask = 0; mask < out.length; mask++) {
            EnumSet<E> s = EnumSet.noneOf(type);
            for (E e : all) {
                if ((mask & (1 << e.ordinal())) != 0) {
                    s.add(e);
                }
            }
            out[mask] = s.isEmpty() ? Set.of() : Set.copyOf(s);
        }
        return out;
    }
}
