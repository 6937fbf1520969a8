package org.hcasim.block;

import java.util.Objects;

/** Outcome of a {@link BlockRequest}; {@code detail} is one human line (empty on success). */
public record BlockCompletion(BlockStatus status, String detail) {

    public static final BlockCompletion SUCCESS = new BlockCompletion(BlockStatus.SUCCESS, "");

    public BlockCompletion {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(detail, "detail");
    }

    public static BlockCompletion error(BlockStatus status, String detail) {
        return new BlockCompletion(status, detail);
    }

    public boolean ok() {
        return status == BlockStatus.SUCCESS;
    }
}
