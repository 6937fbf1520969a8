package org.hcasim.verbs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Work requests carry immutable flag and access sets equal to what was asked for, one instance per combination. */
class CanonicalFlagSetsTest {

    @Test
    void send_flags_are_the_flags_given_immutable_and_shared() {
        var a = WorkRequest.Send.of(List.of(), CompletionCallback.IGNORE, SendFlag.SIGNALED, SendFlag.FENCE);
        var b = WorkRequest.Send.of(List.of(), CompletionCallback.IGNORE, SendFlag.FENCE, SendFlag.SIGNALED, SendFlag.FENCE);

        assertThat(a.flags()).isEqualTo(EnumSet.of(SendFlag.SIGNALED, SendFlag.FENCE)).isSameAs(b.flags());
        assertThatThrownBy(() -> a.flags().add(SendFlag.INLINE)).isInstanceOf(UnsupportedOperationException.class);
        assertThat(WorkRequest.Send.of(List.of(), CompletionCallback.IGNORE).flags()).isEmpty();
    }

    @Test
    void every_combination_of_flags_and_access_rights_comes_back_equal() {
        for (int mask = 0; mask < 1 << SendFlag.values().length; mask++) {
            EnumSet<SendFlag> expected = EnumSet.noneOf(SendFlag.class);
            for (SendFlag f : SendFlag.values()) {
                if ((mask & 1 << f.ordinal()) != 0) {
                    expected.add(f);
                }
            }
            assertThat(CanonicalFlagSets.sendFlags(expected.toArray(SendFlag[]::new))).isEqualTo(expected);
        }
        for (int mask = 0; mask < 1 << AccessFlag.values().length; mask++) {
            EnumSet<AccessFlag> expected = EnumSet.noneOf(AccessFlag.class);
            for (AccessFlag f : AccessFlag.values()) {
                if ((mask & 1 << f.ordinal()) != 0) {
                    expected.add(f);
                }
            }
            assertThat(CanonicalFlagSets.access(expected)).isEqualTo(expected);
        }
    }

    @Test
    void a_registration_keeps_its_access_rights_immutable_whatever_set_it_was_given() {
        Set<AccessFlag> mutable = AccessFlag.all();
        var reg = new WorkRequest.RegMr(null, mutable, Set.of(), CompletionCallback.IGNORE);
        mutable.clear();

        assertThat(reg.access()).containsExactlyInAnyOrder(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_READ, AccessFlag.REMOTE_WRITE);
        assertThatThrownBy(() -> reg.access().clear()).isInstanceOf(UnsupportedOperationException.class);
    }
}
