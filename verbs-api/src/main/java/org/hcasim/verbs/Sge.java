package org.hcasim.verbs;

/** A scatter/gather element of a work request (ib_sge): address in the key's space, length, local key. */
public record Sge(long address, int length, int lkey) {
    public Sge {
        if (length < 0) {
            throw new VerbsException(Errno.EINVAL, "SGE at 0x" + Long.toHexString(address)
                    + " has negative length " + length);
        }
    }
}
