/**
 * The HCA's signature engine: accesses through an integrity key see the wire view (data with an 8-byte T10-DIF
 * tuple per protection interval when the wire domain carries PI), built from and stored to memory with the checks,
 * insertion, stripping or forwarding of PI the signature attributes ask for
 * ({@link org.hcasim.core.verbs.signature.SignatureEngine}); errors go to the key's owner
 * ({@link org.hcasim.core.verbs.signature.IntegrityKey}). See docs/mechanisms.md section 3.
 */
package org.hcasim.core.verbs.signature;
