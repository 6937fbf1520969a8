package org.hcasim.fio;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** The verify phase's place: the blocks each region wrote, read back region by region in offset order. */
final class VerifyCursor {
    private final Iterator<JobRegion> regions;
    private Iterator<Map.Entry<Long, JobRegion.Written>> blocks;
    private JobRegion region;

    /** Starts at the first block of {@code regions} (at least one region). */
    VerifyCursor(List<JobRegion> regions) {
        this.regions = regions.iterator();
        this.region = this.regions.next();
        this.blocks = region.written.entrySet().iterator();
    }

    /** Moves to the next region with written blocks when this one is done; false when every block was read back. */
    boolean more() {
        while (!blocks.hasNext()) {
            if (!regions.hasNext()) return false;
            region = regions.next();
            blocks = region.written.entrySet().iterator();
        }
        return true;
    }

    /** The region of the block {@link #next} returns; call after {@link #more}. */
    JobRegion region() {
        return region;
    }

    /** The next written block: its offset and what was written there. */
    Map.Entry<Long, JobRegion.Written> next() {
        return blocks.next();
    }
}
