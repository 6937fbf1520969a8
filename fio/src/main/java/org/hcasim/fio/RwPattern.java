package org.hcasim.fio;

/** fio's {@code rw=} patterns (trim variants are not supported). */
public enum RwPattern {
    READ("read", true, false, false),
    WRITE("write", false, true, false),
    RANDREAD("randread", true, false, true),
    RANDWRITE("randwrite", false, true, true),
    RW("rw", true, true, false),
    RANDRW("randrw", true, true, true);

    final String fioName;
    final boolean reads;
    final boolean writes;
    final boolean random;

    RwPattern(String fioName, boolean reads, boolean writes, boolean random) {
        this.fioName = fioName;
        this.reads = reads;
        this.writes = writes;
        this.random = random;
    }

    static RwPattern parse(String s) {
        return switch (s) {
            case "read" -> READ;
            case "write" -> WRITE;
            case "randread" -> RANDREAD;
            case "randwrite" -> RANDWRITE;
            case "rw", "readwrite" -> RW;
            case "randrw" -> RANDRW;
            case "trim", "randtrim", "trimwrite", "randtrimwrite" ->
                    throw new IllegalArgumentException("fio rw=" + s + " is not supported by hcasim (trim is not modelled)");
            default -> throw new IllegalArgumentException("unknown rw '" + s + "' (read, write, randread, randwrite, rw, readwrite, randrw)");
        };
    }

    boolean mixed() {
        return reads && writes;
    }
}
