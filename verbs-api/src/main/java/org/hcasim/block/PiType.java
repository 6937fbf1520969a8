package org.hcasim.block;

/** T10-DIF protection types (NVMe PI types). Type 2 behaves as type 1 for the 32-bit reference tag here. */
public enum PiType {
    NONE,
    /** Reference tag = low 32 bits of the LBA, checked; escape when the app tag is 0xFFFF. */
    TYPE1,
    /** As type 1 with the initial reference tag taken from the command (here: the LBA). */
    TYPE2,
    /** Reference tag not checked; escape when app tag = 0xFFFF and ref tag = 0xFFFFFFFF. */
    TYPE3;

    public boolean refTagIsLba() {
        return this == TYPE1 || this == TYPE2;
    }
}
