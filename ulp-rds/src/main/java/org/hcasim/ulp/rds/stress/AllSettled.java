package org.hcasim.ulp.rds.stress;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * Whether a condition that never turns false again (a task's connections are up) holds for every item, asked before
 * every event of a run: the items are asked in order and the ones found settled are not asked again, so the whole
 * wait costs each item's checks until it settles, not every item's check per event (at 128 tasks per host the
 * stream over all senders per event was ~6 % of a run, docs/performance.md).
 */
final class AllSettled<T> implements BooleanSupplier {
    private final List<T> items;
    private final Predicate<? super T> settled;
    /** Items before this one have settled. */
    private int next;

    AllSettled(List<T> items, Predicate<? super T> settled) {
        this.items = List.copyOf(items);
        this.settled = settled;
    }

    @Override
    public boolean getAsBoolean() {
        while (next < items.size() && settled.test(items.get(next))) {
            next++;
        }
        return next == items.size();
    }
}
