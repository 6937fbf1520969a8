/**
 * Collections of primitive {@code long}s for the per-I/O path, where boxing and per-operation allocation of
 * {@code java.util} maps showed in profiles (docs/performance.md): {@link org.hcasim.core.collect.SortedLongMap}
 * (timeline bookings, host allocations), {@link org.hcasim.core.collect.LongLruSet} (the HCA's translation cache),
 * {@link org.hcasim.core.collect.NamedLongs} (a host's CPU costs by name), {@link org.hcasim.core.collect.KeyedSumLists}
 * and {@link org.hcasim.core.collect.LongIntMinHeap} (a PCIe direction's transfers in progress). Each is held to a
 * {@code java.util} counterpart or a plain scan by a property test. They depend on nothing but the JDK.
 */
package org.hcasim.core.collect;
