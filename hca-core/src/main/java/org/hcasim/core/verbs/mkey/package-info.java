/**
 * Memory keys as the HCA sees them: {@link org.hcasim.core.verbs.mkey.MkeyTable} holds every
 * {@link org.hcasim.core.verbs.mkey.Mkey} of a device (key = 24-bit index and 8-bit variant; the local DMA key and
 * each PD's unsafe global key address host memory directly) and is the one place where an access through a key
 * is checked ({@link org.hcasim.core.verbs.mkey.KeyCheck}: stale key, invalid, other PD, out of bounds, missing
 * right, freed memory) and carried out (read, write, gather, scatter through the key's translation, or through
 * the signature engine for integrity keys). Payload read through keys travels in
 * {@link org.hcasim.core.verbs.mkey.PayloadBuffers}.
 */
package org.hcasim.core.verbs.mkey;
