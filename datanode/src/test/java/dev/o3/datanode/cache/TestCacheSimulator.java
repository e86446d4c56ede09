package dev.o3.datanode.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.workload.ZipfTrace;
import org.junit.jupiter.api.Test;

/**
 * The admission policies on a synthetic trace of the seed's shape (15% of keys read, Zipf popularity), with a cache
 * of 1% of the stored bytes: the policies write a fraction of what admitting every miss writes, and what they admit
 * is read again. The window is tuned to the trace's rate (1000 reads a minute): more than 20 reads in 10 minutes.
 */
class TestCacheSimulator {
    private static final int KEYS = 20_000;
    private static final long KEY_BYTES = 1 << 20;
    private static final long CAPACITY = KEYS * (KEY_BYTES + PageFiles.HEADER) / 100;
    private static final ZipfTrace TRACE = ZipfTrace.generate(KEYS, 100_000, 0.15, 1.1, 11);

    @Test
    void admissionPoliciesWriteLessThanAdmittingEveryMissAndWhatTheyAdmitIsReused() {
        CacheSimulator.Result all = run("all");
        CacheSimulator.Result window = run("window");
        CacheSimulator.Result tinyLfu = run("tinylfu");

        assertThat(window.bytesWritten()).isLessThan(all.bytesWritten() / 10);
        assertThat(tinyLfu.bytesWritten()).isLessThan(all.bytesWritten() / 10);
        assertThat(window.reuseRatio()).isGreaterThan(0.99);
        assertThat(tinyLfu.reuseRatio()).isGreaterThan(all.reuseRatio());
        assertThat(window.byteHitRatio()).isGreaterThan(0.6);
        assertThat(tinyLfu.byteHitRatio()).isGreaterThan(0.6);
    }

    @Test
    void aBiggerCacheHitsMore() {
        CacheSimulator.Result small =
                CacheSimulator.run(TRACE.reads(), KEY_BYTES, (int) KEY_BYTES, CAPACITY / 4, "window", 20, 10, 1000);
        CacheSimulator.Result big = run("window");
        assertThat(big.byteHitRatio()).isGreaterThan(small.byteHitRatio());
    }

    @Test
    void anUnknownPolicyIsRefused() {
        assertThatThrownBy(() -> run("lru")).isInstanceOf(IllegalArgumentException.class);
    }

    private static CacheSimulator.Result run(String policy) {
        return CacheSimulator.run(TRACE.reads(), KEY_BYTES, (int) KEY_BYTES, CAPACITY, policy, 20, 10, 1000);
    }
}
