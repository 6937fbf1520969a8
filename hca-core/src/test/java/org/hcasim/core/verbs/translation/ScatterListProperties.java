package org.hcasim.core.verbs.translation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.hcasim.verbs.PiMapping;
import org.hcasim.verbs.ScatterEntry;

/** Scatter lists against the page rules of docs/mechanisms.md sections 1 and 3, checked with a reference model. */
class ScatterListProperties {
    private static final int PAGE = 4096;

    /** Shape of one element relative to the previous one. */
    record Shape(boolean contiguous, int page, boolean alignedStart, int offset, boolean wholePages, int pages, int length) {
    }

    @Provide
    Arbitrary<List<ScatterEntry>> scatterLists() {
        Arbitrary<Shape> shape = Combinators.combine(
                Arbitraries.of(true, false), Arbitraries.integers().between(0, 255),
                Arbitraries.of(true, false), Arbitraries.integers().between(1, PAGE - 1),
                Arbitraries.of(true, false), Arbitraries.integers().between(1, 3),
                Arbitraries.integers().between(1, 3 * PAGE))
                .as(Shape::new);
        return shape.list().ofMinSize(1).ofMaxSize(8).map(ScatterListProperties::build);
    }

    private static List<ScatterEntry> build(List<Shape> shapes) {
        List<ScatterEntry> out = new ArrayList<>();
        long base = 0x10_0000_0000L;
        for (Shape s : shapes) {
            long start;
            if (s.contiguous() && !out.isEmpty()) {
                start = out.get(out.size() - 1).end();
            } else {
                start = base + (long) s.page() * 4 * PAGE + (s.alignedStart() ? 0 : s.offset());
            }
            int length = s.wholePages() ? s.pages() * PAGE : s.length();
            out.add(new ScatterEntry(start, length));
        }
        return out;
    }

    /** Reference: can element i follow element i-1 in one MTT? */
    private static boolean mttCompatible(ScatterEntry prev, ScatterEntry cur) {
        boolean aligned = prev.end() % PAGE == 0 && cur.address() % PAGE == 0;
        return aligned || prev.end() == cur.address();
    }

    /** Reference page count of a list that obeys the rules: contiguous runs, each from its page start to page end. */
    private static long referencePages(List<ScatterEntry> sg) {
        long pages = 0;
        int i = 0;
        while (i < sg.size()) {
            long start = sg.get(i).address();
            long end = sg.get(i).end();
            int j = i + 1;
            while (j < sg.size() && sg.get(j).address() == end) {
                end = sg.get(j).end();
                j++;
            }
            long first = Math.floorDiv(start, PAGE);
            long last = Math.floorDiv(end + PAGE - 1, PAGE);
            pages += last - first;
            i = j;
        }
        return pages;
    }

    /** Reference number of elements that map: the longest rule-abiding prefix within {@code maxPages}. */
    private static int referenceMapped(List<ScatterEntry> sg, int maxPages) {
        int k = 0;
        while (k < sg.size()) {
            if (k > 0 && !mttCompatible(sg.get(k - 1), sg.get(k))) {
                break;
            }
            if (referencePages(sg.subList(0, k + 1)) > maxPages) {
                break;
            }
            k++;
        }
        return k;
    }

    /** Every mapped element's first and last byte translate to its own host address. */
    private static void assertTranslatesInOrder(SgMapping m, List<ScatterEntry> mapped, long regionStart) {
        long offset = 0;
        for (ScatterEntry e : mapped) {
            assertThat(hostOf(m.translation(), regionStart + offset)).isEqualTo(e.address());
            assertThat(hostOf(m.translation(), regionStart + offset + e.length() - 1)).isEqualTo(e.end() - 1);
            offset += e.length();
        }
    }

    private static long hostOf(Translation t, long address) {
        long[] host = {-1};
        t.forEachPiece(address, 1, (h, len, off) -> host[0] = h);
        return host[0];
    }

    @Property(tries = 300)
    void mttMapsExactlyTheLongestPrefixThatObeysThePageRules(@ForAll("scatterLists") List<ScatterEntry> sg,
                                                           @ForAll @IntRange(min = 1, max = 16) int maxPages) {
        SgMapping m = SgMapper.mapMtt(sg, PAGE, maxPages);
        int expected = referenceMapped(sg, maxPages);
        assertThat(m.mapped()).isEqualTo(expected);
        assertThat(m.descriptors()).isLessThanOrEqualTo(maxPages);
        if (expected > 0) {
            List<ScatterEntry> prefix = sg.subList(0, expected);
            assertThat(m.descriptors()).isEqualTo(referencePages(prefix));
            assertThat(m.iova()).isEqualTo(sg.get(0).address());
            assertThat(m.length()).isEqualTo(prefix.stream().mapToLong(ScatterEntry::length).sum());
            assertTranslatesInOrder(m, prefix, m.iova());
        }
    }

    @Property(tries = 300)
    void klmMapsAnyListUpToItsEntryLimit(@ForAll("scatterLists") List<ScatterEntry> sg,
                                         @ForAll @IntRange(min = 1, max = 8) int maxEntries) {
        SgMapping m = SgMapper.mapKlm(sg, maxEntries);
        int expected = Math.min(sg.size(), maxEntries);
        assertThat(m.mapped()).isEqualTo(expected);
        assertThat(m.klm()).isTrue();
        assertTranslatesInOrder(m, sg.subList(0, expected), m.iova());
    }

    @Property(tries = 300)
    void integrityMappingPrefersPhysicalThenMttThenKlm(@ForAll("scatterLists") List<ScatterEntry> data,
                                                      @ForAll("scatterLists") List<ScatterEntry> metaCandidates,
                                                      @ForAll @IntRange(min = 0, max = 2) int metaCount) {
        List<ScatterEntry> meta = metaCandidates.subList(0, Math.min(metaCount, metaCandidates.size())).stream()
                .map(e -> new ScatterEntry(e.address() + 0x1000_0000L, Math.min(e.length(), 512))).toList();
        int maxSg = 32;
        SgMapping m = SgMapper.mapPi(data, meta, PAGE, maxSg, org.hcasim.verbs.PiMappingOrder.PA_FIRST);
        long dataLength = data.stream().mapToLong(ScatterEntry::length).sum();
        if (data.size() == 1 && meta.size() <= 1) {
            assertThat(m.piMapping()).isEqualTo(PiMapping.PHYSICAL);
            assertThat(m.descriptors()).isZero();
        } else if (referenceMapped(data, maxSg) == data.size() && referenceMapped(meta, maxSg) == meta.size()) {
            assertThat(m.piMapping()).isEqualTo(PiMapping.MTT);
            assertTranslatesInOrder(m, data, m.iova());
            if (!meta.isEmpty()) {
                long dataPages = referencePages(data);
                long expectedPi = Math.floorDiv(data.get(0).address(), PAGE) * PAGE + dataPages * PAGE
                        + meta.get(0).address() % PAGE;
                assertThat(m.piIova()).isEqualTo(expectedPi);
                assertTranslatesInOrder(m, meta, m.piIova());
            }
        } else {
            assertThat(m.piMapping()).isEqualTo(PiMapping.KLM);
            assertThat(m.iova()).isZero();
            assertTranslatesInOrder(m, data, 0);
            if (!meta.isEmpty()) {
                assertThat(m.piIova()).isEqualTo(dataLength);
                assertTranslatesInOrder(m, meta, dataLength);
            }
        }
        assertThat(m.mapped()).isEqualTo(data.size() + meta.size());
    }
}
