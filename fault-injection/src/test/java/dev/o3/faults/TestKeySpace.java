package dev.o3.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TestKeySpace {
    @Test
    void keyIsReplacedOnceItsHistoryHoldsOpsPerKeyOperations() {
        KeySpace keys = new KeySpace(1, 3, 10);
        SplittableRandom random = new SplittableRandom(1);

        assertThat(keys.pick(random)).isEqualTo("key-0000");
        assertThat(keys.pick(random)).isEqualTo("key-0000");
        assertThat(keys.pick(random)).isEqualTo("key-0000");
        assertThat(keys.pick(random)).isEqualTo("key-0001");
        assertThat(keys.all()).containsExactly("key-0000", "key-0001");
        assertThat(keys.used("key-0000")).isTrue();
        assertThat(keys.used("key-0002")).isFalse();
    }

    @Test
    void listingCountsAsAnOperationOfEveryActiveKey() {
        KeySpace keys = new KeySpace(2, 2, 10);

        assertThat(keys.listed()).containsExactly("key-0000", "key-0001");
        assertThat(keys.listed()).containsExactly("key-0000", "key-0001");
        assertThat(keys.listed()).containsExactly("key-0002", "key-0003");
    }

    @Test
    void keyIsReplacedAfterUnknownPerKeyUnknownOutcomes() {
        KeySpace keys = new KeySpace(1, 100, 2);
        SplittableRandom random = new SplittableRandom(1);
        String first = keys.pick(random);

        keys.unknownOutcome(first);
        assertThat(keys.pick(random)).isEqualTo(first);
        keys.unknownOutcome(first);
        assertThat(keys.pick(random)).isEqualTo("key-0001");
        keys.unknownOutcome(first);
        assertThat(keys.all()).containsExactly("key-0000", "key-0001");
    }

    @Test
    void rejectsEmptyLimits() {
        assertThatThrownBy(() -> new KeySpace(0, 1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new KeySpace(1, 1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
