package dev.o3.datanode.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The admission policies on their own: the window's per-minute buckets and TinyLFU's frequency comparison. */
class TestAdmissionPolicies {
    private static final ChunkKey HOT = new ChunkKey(1, 1, 5, 0);
    private static final ChunkKey COLD = new ChunkKey(1, 2, 5, 0);

    @Test
    void theWindowAdmitsAChunkReadMoreThanXTimesInTheLastYMinutes() {
        AtomicLong nanos = new AtomicLong(Duration.ofHours(1).toNanos());
        WindowAdmission window = new WindowAdmission(2, 10, nanos::get);

        window.recordRead(HOT);
        window.recordRead(HOT);
        assertThat(window.admit(HOT, 1, room(1 << 20, null)))
                .as("2 reads are not more than 2")
                .isFalse();
        window.recordRead(HOT);
        assertThat(window.admit(HOT, 1, room(1 << 20, null))).isTrue();
        assertThat(window.admit(COLD, 1, room(1 << 20, null))).isFalse();
    }

    @Test
    void readsOlderThanTheWindowNoLongerCount() {
        AtomicLong nanos = new AtomicLong(Duration.ofHours(1).toNanos());
        WindowAdmission window = new WindowAdmission(2, 10, nanos::get);
        window.recordRead(HOT);
        window.recordRead(HOT);
        nanos.addAndGet(Duration.ofMinutes(9).toNanos());
        window.recordRead(HOT);
        assertThat(window.admit(HOT, 1, room(0, null)))
                .as("3 reads within 10 minutes")
                .isTrue();

        nanos.addAndGet(Duration.ofMinutes(1).toNanos());
        assertThat(window.admit(HOT, 1, room(0, null)))
                .as("the first two reads are 10 minutes old")
                .isFalse();
        window.recordRead(HOT);
        window.recordRead(HOT);
        assertThat(window.admit(HOT, 1, room(0, null))).isTrue();
    }

    @Test
    void zeroReadsAdmitsTheFirstRead() {
        WindowAdmission window = new WindowAdmission(0, 1, System::nanoTime);
        window.recordRead(HOT);
        assertThat(window.admit(HOT, 1, room(0, null))).isTrue();
    }

    @Test
    void tinyLfuNeverAdmitsAChunkSeenOnce() {
        TinyLfuAdmission tinyLfu = new TinyLfuAdmission(1000);
        tinyLfu.recordRead(COLD);
        assertThat(tinyLfu.admit(COLD, 1, room(1 << 20, null))).isFalse();
        tinyLfu.recordRead(COLD);
        assertThat(tinyLfu.admit(COLD, 1, room(1 << 20, null)))
                .as("room for it")
                .isTrue();
    }

    @Test
    void tinyLfuAdmitsIntoAFullCacheOnlyWhatIsReadMoreOftenThanTheVictim() {
        TinyLfuAdmission tinyLfu = new TinyLfuAdmission(1000);
        for (int i = 0; i < 5; i++) {
            tinyLfu.recordRead(HOT);
        }
        tinyLfu.recordRead(COLD);
        tinyLfu.recordRead(COLD);

        assertThat(tinyLfu.admit(COLD, 1, room(0, HOT))).isFalse();
        assertThat(tinyLfu.admit(HOT, 1, room(0, COLD))).isTrue();
    }

    @Test
    void theSketchForgetsOldPopularityByHalving() {
        FrequencySketch sketch = new FrequencySketch(16);
        for (int i = 0; i < 10; i++) {
            sketch.increment(HOT);
        }
        assertThat(sketch.frequency(HOT)).isEqualTo(10);
        for (int i = 0; i < 1000; i++) {
            sketch.increment(new ChunkKey(2, i, 1, 0));
        }
        assertThat(sketch.frequency(HOT)).isLessThan(10);
    }

    private static AdmissionPolicy.CacheRoom room(long free, ChunkKey coldest) {
        return new AdmissionPolicy.CacheRoom() {
            @Override
            public long freeBytes() {
                return free;
            }

            @Override
            public Optional<ChunkKey> coldest() {
                return Optional.ofNullable(coldest);
            }
        };
    }
}
