package org.hcasim.core.mrcache;

/** Gets the mkey a synchronous creation returned; called in hard-IRQ context where its completion is handled. */
@FunctionalInterface
public interface MkeyReceiver<K> {
    void created(K mkey);
}
