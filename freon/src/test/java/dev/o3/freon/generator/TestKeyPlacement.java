package dev.o3.freon.generator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;

class TestKeyPlacement {
    /** Parses the two mixins as freon's commands do. */
    private static final class Options {
        @Mixin
        private KeySpace keySpace;

        @Mixin
        private BucketSpread spread;

        KeySpace keySpace() {
            return keySpace;
        }

        BucketSpread spread() {
            return spread;
        }
    }

    private static Options parse(String... args) {
        Options options = new Options();
        new CommandLine(options).parseArgs(args);
        return options;
    }

    @Test
    void oneBucketIsTheBucketItself() {
        BucketSpread spread = parse().spread();

        assertThat(spread.names("bucket1")).containsExactly("bucket1");
        assertThat(spread.bucketOf(12345)).isZero();
    }

    @Test
    void keyIGoesToBucketIModN() {
        BucketSpread spread = parse("--buckets", "3").spread();

        assertThat(spread.names("b")).containsExactly("b-0", "b-1", "b-2");
        assertThat(LongStream.range(0, 7).map(spread::bucketOf).toArray()).containsExactly(0, 1, 2, 0, 1, 2, 0);
        // The warm-up's indexes are far above the measured run's; they stay in range.
        assertThat(spread.bucketOf(Generator.WARMUP_FIRST_INDEX + 4)).isBetween(0, 2);
    }

    @Test
    void refusesFewerThanOneBucketOrKey() {
        assertThatThrownBy(() -> parse("--buckets", "0").spread().validate())
                .hasMessage("--buckets must be at least 1, not 0");
        assertThatThrownBy(() -> parse("--keys", "0").keySpace().validate())
                .hasMessage("--keys must be at least 1, not 0");
    }

    @Test
    void roundRobinCyclesThroughTheKeys() {
        KeySpace keys = parse("--keys", "4").keySpace();

        assertThat(LongStream.range(0, 6).map(i -> keys.keyIndex(i, 1000)).toArray())
                .containsExactly(0, 1, 2, 3, 0, 1);
    }

    @Test
    void randomOrderCoversTheKeysUniformly() {
        KeySpace keys = parse("--keys", "10", "--random").keySpace();
        int[] hits = new int[10];

        LongStream.range(0, 100_000).forEach(i -> hits[(int) keys.keyIndex(i, 1000)]++);

        // Each of the 10 keys expects 10,000 reads; a uniform draw stays within 5% of that (about 16 sigma).
        assertThat(IntStream.of(hits).boxed().toList())
                .allSatisfy(count -> assertThat(count).isBetween(9_500, 10_500));
        // Not round-robin: consecutive reads are not consecutive keys.
        assertThat(LongStream.range(0, 10)
                        .map(i -> keys.keyIndex(i, 1000))
                        .boxed()
                        .toList())
                .isNotEqualTo(LongStream.range(0, 10).boxed().toList());
    }

    @Test
    void randomOrderStaysInRangeForTheWarmUpsIndexes() {
        KeySpace keys = parse("--random").keySpace();

        assertThat(LongStream.range(0, 1000).map(i -> keys.keyIndex(Generator.WARMUP_FIRST_INDEX + i, 7)))
                .allSatisfy(index -> assertThat(index).isBetween(0L, 6L));
    }
}
