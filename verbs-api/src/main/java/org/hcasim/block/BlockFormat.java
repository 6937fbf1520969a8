package org.hcasim.block;

/**
 * Logical block format: data bytes per block, metadata bytes per block, and the PI type carried in
 * the metadata. {@code 512+8} with type 1 is the classic DIF format; {@code 4096+8} the 4Kn one.
 * Metadata here is exactly one 8-byte T10-DIF tuple per block when PI is on, and none otherwise.
 */
public record BlockFormat(int blockSize, int metadataSize, PiType piType) {

    public static final int PI_TUPLE_BYTES = 8;

    public static final BlockFormat B512 = new BlockFormat(512, 0, PiType.NONE);
    public static final BlockFormat B4096 = new BlockFormat(4096, 0, PiType.NONE);

    public BlockFormat {
        if (blockSize != 512 && blockSize != 4096) {
            throw new IllegalArgumentException("block size must be 512 or 4096, got " + blockSize);
        }
        if (piType == null) throw new IllegalArgumentException("piType is null");
        if (piType == PiType.NONE ? metadataSize != 0 : metadataSize != PI_TUPLE_BYTES) {
            throw new IllegalArgumentException("PI " + piType + " needs metadata size "
                    + (piType == PiType.NONE ? 0 : PI_TUPLE_BYTES) + ", got " + metadataSize);
        }
    }

    /**
     * Parses {@code "512"}, {@code "4096"}, {@code "512+8"} or {@code "4096+8"}; a {@code +8} format
     * needs a PI type other than NONE.
     */
    public static BlockFormat parse(String format, PiType piType) {
        String f = format.strip();
        int plus = f.indexOf('+');
        try {
            int bs = Integer.parseInt(plus < 0 ? f : f.substring(0, plus));
            int md = plus < 0 ? 0 : Integer.parseInt(f.substring(plus + 1));
            if (md != 0 && piType == PiType.NONE) {
                throw new IllegalArgumentException("format " + f + " has metadata but PI type is none");
            }
            return new BlockFormat(bs, md, md == 0 ? PiType.NONE : piType);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("block format must look like 512, 4096, 512+8 or 4096+8, got '" + format + "'");
        }
    }

    public boolean hasPi() {
        return piType != PiType.NONE;
    }

    /** {@code "512+8"} style. */
    public String text() {
        return metadataSize == 0 ? Integer.toString(blockSize) : blockSize + "+" + metadataSize;
    }

    @Override
    public String toString() {
        return text() + (hasPi() ? " pi=" + piType.name().toLowerCase(java.util.Locale.ROOT) : "");
    }
}
