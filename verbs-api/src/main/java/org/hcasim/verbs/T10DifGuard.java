package org.hcasim.verbs;

/** Guard algorithm of a T10-DIF tuple. */
public enum T10DifGuard {
    /** CRC-16/T10-DIF (poly 0x8BB7, init 0, not reflected, no final xor; see org.hcasim.block.T10Dif). */
    CRC,
    /** The IP checksum (16-bit ones' complement sum), the "alternative guard". */
    IP_CSUM
}
