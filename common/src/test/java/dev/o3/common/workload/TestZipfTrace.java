package dev.o3.common.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The synthetic trace has the seed's shape: few keys read, the top ones taking most reads. */
class TestZipfTrace {
    @Test
    void fewKeysAreReadAndTheTopOnesTakeMostReads() {
        ZipfTrace trace = ZipfTrace.generate(100_000, 200_000, 0.15, 1.1, 7);

        assertThat(trace.reads()).hasSize(200_000);
        assertThat(Arrays.stream(trace.reads()).allMatch(key -> key >= 0 && key < 100_000))
                .isTrue();
        assertThat(trace.fractionOfKeysRead()).isLessThan(0.20);
        assertThat(trace.shareOfTop(1500)).as("top 10% of the read keys").isGreaterThan(0.7);
    }

    @Test
    void theSameSeedGivesTheSameTrace() {
        assertThat(ZipfTrace.generate(1000, 100, 0.1, 1, 3).reads())
                .isEqualTo(ZipfTrace.generate(1000, 100, 0.1, 1, 3).reads());
    }

    @Test
    void badShapesAreRefused() {
        assertThatThrownBy(() -> ZipfTrace.generate(10, 10, 1.5, 1, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
