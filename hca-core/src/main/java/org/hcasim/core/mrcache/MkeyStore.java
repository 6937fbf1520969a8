package org.hcasim.core.mrcache;

/**
 * Where the mkeys a cache hands out live (the device's key table): the cache asks for one when the firmware
 * returned a new mkey, and says when the firmware destroyed one.
 *
 * @param <K> the engine's mkey type
 */
public interface MkeyStore<K> {
    /** A new free mkey (no translation, not valid) able to map 2^{@code order} pages. */
    K created(int order);

    /** {@code mkey} no longer exists. */
    void destroyed(K mkey);
}
