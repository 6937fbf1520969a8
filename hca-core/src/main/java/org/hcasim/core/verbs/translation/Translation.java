package org.hcasim.core.verbs.translation;

import java.util.ArrayList;
import java.util.List;

/**
 * What an mkey translates: the region {@code [iova, iova+length)} as a list of segments, each a run of
 * region bytes that is contiguous in host memory. Built by {@link SgMapper} (MTT pages, KLM entries) or
 * for a user registration (one segment). {@link #IDENTITY} is the local DMA key: any host address.
 */
public final class Translation {
    /** The local DMA lkey's translation: host address = iova, unbounded. */
    public static final Translation IDENTITY = new Translation(0, Long.MAX_VALUE, new long[] {0}, new long[] {0},
            new long[] {Long.MAX_VALUE});

    private final long iova;
    private final long length;
    private final long[] segOffset;
    private final long[] segHost;
    private final long[] segLength;

    private Translation(long iova, long length, long[] segOffset, long[] segHost, long[] segLength) {
        this.iova = iova;
        this.length = length;
        this.segOffset = segOffset;
        this.segHost = segHost;
        this.segLength = segLength;
    }

    /** A region that maps {@code [iova, iova+length)} one to one onto host memory at {@code hostAddress}. */
    public static Translation contiguous(long iova, long length, long hostAddress) {
        return new Translation(iova, length, new long[] {0}, new long[] {hostAddress}, new long[] {length});
    }

    public long iova() {
        return iova;
    }

    public long length() {
        return length;
    }

    public int segmentCount() {
        return segOffset.length;
    }

    /** True when {@code [address, address+len)} lies inside the region. */
    public boolean covers(long address, long len) {
        if (this == IDENTITY) {
            return address >= 0 && len >= 0;
        }
        return address >= iova && len >= 0 && address - iova <= length - len;
    }

    /** Called per host-contiguous piece of a range: host address, length, offset inside the range. */
    public interface PieceVisitor {
        void piece(long hostAddress, long length, long rangeOffset);
    }

    /** What {@link #singlePiece} returns when a range spans more than one host-contiguous segment. */
    public static final long SPLIT = Long.MIN_VALUE;

    /**
     * The host address of {@code [address, address+len)} (covered, {@code len > 0}) when the range is one
     * host-contiguous piece, else {@link #SPLIT}: lets the common single-piece access skip the visitor.
     */
    public long singlePiece(long address, long len) {
        if (this == IDENTITY) {
            return address;
        }
        long offset = address - iova;
        int seg = segmentAt(offset);
        long inSeg = offset - segOffset[seg];
        return len <= segLength[seg] - inSeg ? segHost[seg] + inSeg : SPLIT;
    }

    /** Splits {@code [address, address+len)} (which must be covered) into host-contiguous pieces. */
    public void forEachPiece(long address, long len, PieceVisitor visitor) {
        if (this == IDENTITY) {
            if (len > 0) {
                visitor.piece(address, len, 0);
            }
            return;
        }
        long offset = address - iova;
        int seg = segmentAt(offset);
        long done = 0;
        while (done < len) {
            long inSeg = offset + done - segOffset[seg];
            long take = Math.min(len - done, segLength[seg] - inSeg);
            visitor.piece(segHost[seg] + inSeg, take, done);
            done += take;
            seg++;
        }
    }

    private int segmentAt(long offset) {
        int lo = 0;
        int hi = segOffset.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (segOffset[mid] <= offset) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** Builds a translation from pieces appended in region order; adjacent host-contiguous pieces merge. */
    public static final class Builder {
        private final List<long[]> pieces = new ArrayList<>();
        private long total;

        public Builder add(long hostAddress, long len) {
            if (len <= 0) {
                return this;
            }
            if (!pieces.isEmpty()) {
                long[] last = pieces.get(pieces.size() - 1);
                if (last[0] + last[1] == hostAddress) {
                    last[1] += len;
                    total += len;
                    return this;
                }
            }
            pieces.add(new long[] {hostAddress, len});
            total += len;
            return this;
        }

        public long total() {
            return total;
        }

        public Translation build(long iova) {
            int n = pieces.size();
            long[] off = new long[n];
            long[] host = new long[n];
            long[] len = new long[n];
            long at = 0;
            for (int i = 0; i < n; i++) {
                off[i] = at;
                host[i] = pieces.get(i)[0];
                len[i] = pieces.get(i)[1];
                at += len[i];
            }
            if (n == 0) {
                return new Translation(iova, 0, new long[] {0}, new long[] {0}, new long[] {0});
            }
            return new Translation(iova, total, off, host, len);
        }
    }
}
