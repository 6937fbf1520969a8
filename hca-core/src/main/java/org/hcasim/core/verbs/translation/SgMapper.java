package org.hcasim.core.verbs.translation;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.PiMapping;
import org.hcasim.verbs.PiMappingOrder;
import org.hcasim.verbs.ScatterEntry;
import org.hcasim.verbs.VerbsException;

/**
 * The scatter-list mapping rules of docs/mechanisms.md sections 1 and 3 (the kernel's ib_sg_to_pages, the KLM
 * mapping of SG_GAPS MRs and the three cases of mlx5's integrity mapping). Pure functions.
 */
public final class SgMapper {
    private SgMapper() {
    }

    public static void checkPageSize(int pageSize) {
        if (pageSize < 4096 || Integer.bitCount(pageSize) != 1) {
            throw new VerbsException(Errno.EINVAL, "page size " + pageSize + " is not a power of two >= 4096");
        }
    }

    /** Pages of an MTT mapping plus how many elements fitted (ib_sg_to_pages). */
    public record Pages(int mappedElements, long firstAddress, long length, List<Long> pages) {
    }

    /**
     * ib_sg_to_pages: walks the list; only the first element may start inside a page and only the last may
     * end inside one, unless the neighbours are exactly contiguous (then they coalesce). Stops at a gap or
     * when {@code maxPages} pages are used.
     */
    public static Pages toPages(List<ScatterEntry> sg, int pageSize, int maxPages) {
        long mask = ~((long) pageSize - 1);
        List<Long> pages = new ArrayList<>();
        long length = 0;
        long lastEnd = 0;
        long lastPageOffset = 0;
        int i = 0;
        for (; i < sg.size(); i++) {
            ScatterEntry e = sg.get(i);
            long addr = e.address();
            long end = e.end();
            long pageAddr = addr & mask;
            boolean coalesce = false;
            if (i > 0 && (lastPageOffset != 0 || pageAddr != addr)) {
                if (lastEnd != addr) {
                    break; // a gap: MTT cannot describe it
                }
                coalesce = true; // the page holding addr is already mapped
            }
            int before = pages.size();
            long page = coalesce ? pageAddr + pageSize : pageAddr;
            boolean full = false;
            for (; page < end; page += pageSize) {
                if (pages.size() == maxPages) {
                    full = true;
                    break;
                }
                pages.add(page);
            }
            if (full) {
                while (pages.size() > before) {
                    pages.remove(pages.size() - 1);
                }
                break;
            }
            length += e.length();
            lastEnd = end;
            lastPageOffset = end & ~mask;
        }
        long first = sg.isEmpty() ? 0 : sg.get(0).address();
        return new Pages(i, first, length, pages);
    }

    /** Translation of {@code length} region bytes starting {@code firstOffset} into the first of {@code pages}. */
    public static Translation pagesTranslation(long iova, long firstOffset, long length, List<Long> pages, int pageSize) {
        Translation.Builder b = new Translation.Builder();
        long remaining = length;
        long offset = firstOffset;
        for (int p = 0; p < pages.size() && remaining > 0; p++) {
            long take = Math.min(remaining, pageSize - offset);
            b.add(pages.get(p) + offset, take);
            remaining -= take;
            offset = 0;
        }
        return b.build(iova);
    }

    /** MEM_REG (MTT) mapping. */
    public static SgMapping mapMtt(List<ScatterEntry> sg, int pageSize, int maxPages) {
        checkPageSize(pageSize);
        Pages p = toPages(sg, pageSize, maxPages);
        long iova = p.firstAddress();
        Translation t = pagesTranslation(iova, iova & (pageSize - 1), p.length(), p.pages(), pageSize);
        return SgMapping.plain(p.mappedElements(), iova, t, p.pages().size(), false);
    }

    /** SG_GAPS (KLM) mapping: one 16-byte entry per element, gaps allowed, at most {@code maxEntries}. */
    public static SgMapping mapKlm(List<ScatterEntry> sg, int maxEntries) {
        int n = Math.min(sg.size(), maxEntries);
        Translation.Builder b = new Translation.Builder();
        for (int i = 0; i < n; i++) {
            b.add(sg.get(i).address(), sg.get(i).length());
        }
        long iova = sg.isEmpty() ? 0 : sg.get(0).address();
        return SgMapping.plain(n, iova, b.build(iova), n, true);
    }

    /**
     * Integrity mapping (mlx5 map_mr_sg_pi), trying the mappings of {@code order} in turn: (a) physical: one
     * data element and at most one metadata element, no inner registration; (b) MTT: data pages then metadata
     * pages in one list, PI address = (data iova & page mask) + dataPages * pageSize + (meta iova & ~page mask),
     * only when neither list has gaps; (c) KLM, zero-based, any lists. {@code maxSg} bounds data and metadata
     * separately.
     */
    public static SgMapping mapPi(List<ScatterEntry> data, List<ScatterEntry> meta, int pageSize, int maxSg,
                                  PiMappingOrder order) {
        checkPageSize(pageSize);
        if (data.isEmpty()) {
            throw new VerbsException(Errno.EINVAL, "integrity mapping needs at least one data element");
        }
        for (PiMapping mapping : order.tries()) {
            SgMapping m = switch (mapping) {
                case PHYSICAL -> mapPiPhysical(data, meta);
                case MTT -> mapPiMtt(data, meta, pageSize, maxSg);
                case KLM -> mapPiKlm(data, meta, maxSg);
                case NONE -> throw new IllegalArgumentException("NONE is not a mapping to try");
            };
            if (m != null) {
                return m;
            }
        }
        throw new IllegalStateException(order + " does not end with KLM, which maps any lists");
    }

    /** One data element and at most one metadata element: physical addressing; else null. */
    private static SgMapping mapPiPhysical(List<ScatterEntry> data, List<ScatterEntry> meta) {
        if (data.size() != 1 || meta.size() > 1) {
            return null;
        }
        ScatterEntry d = data.get(0);
        Translation t = Translation.contiguous(d.address(), d.length(), d.address());
        long pi = meta.isEmpty() ? -1 : meta.get(0).address();
        return new SgMapping(data.size() + meta.size(), d.address(), d.length(), t, 0, false,
                PiMapping.PHYSICAL, total(data), pi, total(meta));
    }

    /** Data pages then metadata pages in one MTT list; null when either list has gaps or is too long. */
    private static SgMapping mapPiMtt(List<ScatterEntry> data, List<ScatterEntry> meta, int pageSize, int maxSg) {
        Pages dp = toPages(data, pageSize, maxSg);
        Pages mp = meta.isEmpty() ? new Pages(0, 0, 0, List.of()) : toPages(meta, pageSize, maxSg);
        if (dp.mappedElements() != data.size() || mp.mappedElements() != meta.size()) {
            return null;
        }
        long dataLength = total(data);
        long metaLength = total(meta);
        long mask = ~((long) pageSize - 1);
        long iova = dp.firstAddress();
        long piIova = meta.isEmpty() ? -1
                : (iova & mask) + (long) dp.pages().size() * pageSize + (mp.firstAddress() & ~mask);
        long length = meta.isEmpty() ? dataLength : piIova + metaLength - iova;
        List<Long> all = new ArrayList<>(dp.pages());
        all.addAll(mp.pages());
        Translation t = pagesTranslation(iova, iova & ~mask, length, all, pageSize);
        return new SgMapping(data.size() + meta.size(), iova, length, t, all.size(), false, PiMapping.MTT,
                dataLength, piIova, metaLength);
    }

    /** KLM, zero-based: data at 0, PI at the data length; maps up to {@code maxSg} elements of each list. */
    private static SgMapping mapPiKlm(List<ScatterEntry> data, List<ScatterEntry> meta, int maxSg) {
        int nd = Math.min(data.size(), maxSg);
        int nm = Math.min(meta.size(), maxSg);
        Translation.Builder b = new Translation.Builder();
        for (int i = 0; i < nd; i++) {
            b.add(data.get(i).address(), data.get(i).length());
        }
        long mappedData = b.total();
        for (int i = 0; i < nm; i++) {
            b.add(meta.get(i).address(), meta.get(i).length());
        }
        Translation t = b.build(0);
        return new SgMapping(nd + nm, 0, t.length(), t, nd + nm, true, PiMapping.KLM, mappedData,
                meta.isEmpty() ? -1 : mappedData, t.length() - mappedData);
    }

    private static long total(List<ScatterEntry> sg) {
        long sum = 0;
        for (ScatterEntry e : sg) {
            sum += e.length();
        }
        return sum;
    }
}
