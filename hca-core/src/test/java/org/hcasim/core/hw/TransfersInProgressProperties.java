package org.hcasim.core.hw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Timeline;
import org.junit.jupiter.api.Test;

/**
 * {@link TransfersInProgress} answers exactly as the floating-point scan it replaced (kept here as the oracle,
 * {@link Scan}): the same rounded ns for every transfer of any stream, indexed or not, whatever the TLP counts,
 * the load and the link's speed.
 */
class TransfersInProgressProperties {

    /** A transfer: how far the clock moved before it, its issue time relative to the present, TLPs, bytes per TLP. */
    record Step(long advanceNs, long issueOffsetNs, long tlps, long bytesPerTlp) {
    }

    record Stream(double bytesPerNs, List<Step> steps) {
    }

    /** Links from Gen3 x8 to one so fast that small TLPs take 0 ns; loads from idle to a long booked backlog. */
    @Provide
    Arbitrary<Stream> streams() {
        Arbitrary<Double> speed = Arbitraries.of(7.877, 15.754, 31.508, 63.0, 130.0);
        Arbitrary<Long> tlps = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.of(1L, 2L, 4L, 8L, 16L, 64L)),
                net.jqwik.api.Tuple.of(3, Arbitraries.longs().between(1, 40)),
                net.jqwik.api.Tuple.of(1, Arbitraries.longs().between(41, 300)));
        Arbitrary<Long> bytesPerTlp = Arbitraries.of(24L, 40L, 88L, 280L, 536L).flatMap(b ->
                Arbitraries.longs().between(b - 16, b));
        Arbitrary<Long> offset = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(20, Arbitraries.longs().between(-1000, 300)),
                net.jqwik.api.Tuple.of(1, Arbitraries.longs().between(TransfersInProgress.FAR_AHEAD_NS + 1,
                        Timeline.HISTORY_NS + 1000))); // the timeline then forgets history: no index
        return Arbitraries.longs().between(1, 400).flatMap(maxAdvance -> {
            Arbitrary<Step> step = Combinators.combine(Arbitraries.longs().between(0, maxAdvance), offset, tlps,
                    bytesPerTlp).as(Step::new);
            return Combinators.combine(speed, step.list().ofMinSize(1).ofMaxSize(3000)
                    .withSizeDistribution(net.jqwik.api.RandomDistribution.uniform())).as(Stream::new);
        });
    }

    @Property(tries = 60)
    void indexed_from_the_first_transfer_it_answers_as_the_scan(@ForAll("streams") Stream stream) {
        assertSameAsScan(stream, new TransfersInProgress(1, 0));
    }

    @Property(tries = 60)
    void switching_between_scan_and_index_it_answers_as_the_scan(@ForAll("streams") Stream stream) {
        assertSameAsScan(stream, new TransfersInProgress(6, 3));
    }

    @Property(tries = 30)
    void with_the_default_thresholds_it_answers_as_the_scan(@ForAll("streams") Stream stream) {
        assertSameAsScan(stream, new TransfersInProgress());
    }

    /**
     * A direction asks the sum only for transfers booked behind others; the transfers it only forgets before and
     * remembers leave the array in the order the scan, which always summed, left it in.
     */
    @Property(tries = 60)
    void asked_only_for_some_transfers_it_answers_those_as_the_scan(@ForAll("streams") Stream stream) {
        assertSameAsScan(stream, new TransfersInProgress(6, 3), 3);
        assertSameAsScan(stream, new TransfersInProgress(), 2);
    }

    /** Rounding near a half: TLP counts that are not powers of two, on a saturated link, decided by scanning. */
    @Test
    void results_near_a_half_are_decided_by_the_scan() {
        java.util.Random random = new java.util.Random(17);
        List<Step> steps = new java.util.ArrayList<>();
        for (int i = 0; i < 8_000; i++) {
            steps.add(new Step(random.nextInt(6), -random.nextInt(400), 1 + random.nextInt(12),
                    24 + random.nextInt(300)));
        }
        TransfersInProgress transfers = new TransfersInProgress(1, 0);
        assertSameAsScan(new Stream(15.754, steps), transfers);
        assertThat(transfers.indexed()).isTrue();
        assertThat(transfers.fallbackScans()).isPositive().isLessThan(steps.size() / 20);
    }

    /**
     * An index dropped while a transfer is still indexed (here the third TLP count's) and built again hands out the
     * same ids: the dropped index's sets must not keep them.
     */
    @Test
    void an_index_dropped_with_transfers_left_and_built_again_answers_as_the_scan() {
        List<Step> steps = List.of(new Step(0, 0, 1, 536), new Step(0, 0, 2, 536), new Step(0, 0, 4, 536),
                new Step(1250, 0, 1, 536), new Step(0, 0, 4, 536), new Step(0, 0, 2, 536), new Step(0, 0, 4, 536));
        TransfersInProgress transfers = new TransfersInProgress(2, 1);
        assertSameAsScan(new Stream(7.877, steps), transfers);
        assertThat(transfers.indexed()).isTrue();
    }

    private static void assertSameAsScan(Stream stream, TransfersInProgress transfers) {
        assertSameAsScan(stream, transfers, 1);
    }

    /** Asks {@code transfers} the sum for every {@code askEvery}-th transfer only; the scan sums them all. */
    private static void assertSameAsScan(Stream stream, TransfersInProgress transfers, int askEvery) {
        Timeline wire = new Timeline("wire", ResourceKind.PCIE, 1);
        Scan scan = new Scan();
        long now = 0;
        int i = 0;
        for (Step s : stream.steps()) {
            now += s.advanceNs();
            long t = now + s.issueOffsetNs();
            long own = Math.round(s.tlps() * s.bytesPerTlp() / stream.bytesPerNs());
            long booked = wire.acquire(t, own);
            long forgotten = now - 1000;
            long expected = scan.aheadNs(t, s.tlps(), forgotten);
            if (i % askEvery == 0) {
                assertThat(transfers.aheadNs(t, s.tlps(), forgotten)).as("transfer %d at %d ns", i, t)
                        .isEqualTo(expected);
            } else {
                transfers.forget(forgotten);
            }
            scan.add(t, booked, s.tlps(), own);
            transfers.add(t, booked, s.tlps(), own, now);
            assertThat(transfers.size()).isEqualTo(scan.size);
            if (i % 64 == 0 || i == stream.steps().size() - 1) {
                assertSameOrder(transfers, scan, i);
            }
            i++;
        }
    }

    /** The array holds the transfers in the scan's order: a fallback scan adds them up as the scan did. */
    private static void assertSameOrder(TransfersInProgress transfers, Scan scan, int step) {
        for (int p = 0; p < scan.size; p++) {
            assertThat(transfers.bookedEndAt(p)).as("after transfer %d, position %d", step, p)
                    .isEqualTo(scan.bookedEnd[p]);
        }
    }

    /** The scan of PcieDirection before the index, verbatim: the oracle. */
    static final class Scan {
        private long[] issued = new long[16];
        private long[] bookedEnd = new long[16];
        private long[] tlpCounts = new long[16];
        private double[] tlpNs = new double[16];
        private int size;

        long aheadNs(long t, long tlps, long forgotten) {
            double ahead = 0;
            for (int i = 0; i < size; i++) {
                if (bookedEnd[i] <= forgotten) {
                    removeAt(i--);
                } else if (issued[i] <= t && bookedEnd[i] > t) {
                    long left = Math.min(tlpCounts[i], (long) Math.ceil((bookedEnd[i] - t) / tlpNs[i]));
                    ahead += Math.min(left, tlps) * tlpNs[i];
                }
            }
            return Math.round(ahead);
        }

        void add(long t, long booked, long tlps, long own) {
            if (size == issued.length) {
                int n = 2 * size;
                issued = Arrays.copyOf(issued, n);
                bookedEnd = Arrays.copyOf(bookedEnd, n);
                tlpCounts = Arrays.copyOf(tlpCounts, n);
                tlpNs = Arrays.copyOf(tlpNs, n);
            }
            issued[size] = t;
            bookedEnd[size] = booked;
            tlpCounts[size] = tlps;
            tlpNs[size] = Math.max((double) own / tlps, 1e-3);
            size++;
        }

        private void removeAt(int i) {
            size--;
            issued[i] = issued[size];
            bookedEnd[i] = bookedEnd[size];
            tlpCounts[i] = tlpCounts[size];
            tlpNs[i] = tlpNs[size];
        }
    }
}
