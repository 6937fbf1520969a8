package org.hcasim.block;

/** Kinds of target backstore. */
public enum Backstore {
    /** Keeps no data, like Linux null_blk: writes are dropped, reads leave the buffer untouched (PI: the escape value). */
    NULL,
    /** Keeps data and PI in memory, like a ramdisk (brd) or target_core_rd. */
    RAM;

    public static Backstore parse(String name) {
        return switch (name.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "null" -> NULL;
            case "ram" -> RAM;
            default -> throw new IllegalArgumentException("unknown backstore '" + name + "' (known: null, ram)");
        };
    }

    public String text() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
