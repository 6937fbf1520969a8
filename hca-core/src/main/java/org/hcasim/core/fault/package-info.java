/**
 * Fault injection (docs/faults.md): the {@code fault.*} settings of a run ({@link org.hcasim.core.fault.FaultSettings}),
 * the per-simulation {@link org.hcasim.core.fault.Faults} that decides, from seeded streams of its own, which packets a
 * wire loses or corrupts and which bits of data flip, and the {@link org.hcasim.core.fault.FaultLedger} that counts
 * every fault injected, the check that caught it, and what recovered. Without a {@code fault.*} setting nothing is
 * drawn and nothing changes.
 */
package org.hcasim.core.fault;
