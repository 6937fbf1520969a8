package org.hcasim.ulp.rds.stress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The wait for every task's connections: true once all items have settled, each item asked until it has. */
class AllSettledTest {

    /** An item that settles when the test says so, and counts how often it was asked. */
    private static final class Item {
        boolean settled;
        int asked;

        boolean ask() {
            asked++;
            return settled;
        }
    }

    @Test
    void holdsOnlyOnceEveryItemHasSettledWhateverOrderTheySettleIn() {
        List<Item> items = List.of(new Item(), new Item(), new Item());
        AllSettled<Item> all = new AllSettled<>(items, Item::ask);

        assertThat(all.getAsBoolean()).isFalse();
        items.get(2).settled = true;
        items.get(0).settled = true;
        assertThat(all.getAsBoolean()).isFalse();
        items.get(1).settled = true;
        assertThat(all.getAsBoolean()).isTrue();
        assertThat(all.getAsBoolean()).isTrue();
    }

    @Test
    void anItemFoundSettledIsNotAskedAgain() {
        List<Item> items = List.of(new Item(), new Item());
        AllSettled<Item> all = new AllSettled<>(items, Item::ask);
        items.get(0).settled = true;

        for (int i = 0; i < 5; i++) {
            assertThat(all.getAsBoolean()).isFalse();
        }

        assertThat(items.get(0).asked).isEqualTo(1);
        assertThat(items.get(1).asked).isEqualTo(5);
    }

    @Test
    void noItemsHoldsAtOnceAndALaterChangeToTheListDoesNotCount() {
        assertThat(new AllSettled<Item>(List.of(), Item::ask).getAsBoolean()).isTrue();
        List<Item> items = new ArrayList<>(List.of(new Item()));
        AllSettled<Item> all = new AllSettled<>(items, Item::ask);
        items.get(0).settled = true;
        items.add(new Item());

        assertThat(all.getAsBoolean()).isTrue();
    }
}
