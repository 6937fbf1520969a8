package org.hcasim.verbs;

/** One element of a DMA-mapped scatter list: a host I/O virtual address and a length in bytes. */
public record ScatterEntry(long address, int length) {
    public ScatterEntry {
        if (length <= 0) {
            throw new VerbsException(Errno.EINVAL, "scatter entry at 0x" + Long.toHexString(address)
                    + " has length " + length + "; must be positive");
        }
    }

    public long end() {
        return address + length;
    }
}
