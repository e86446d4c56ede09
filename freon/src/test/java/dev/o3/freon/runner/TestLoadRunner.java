package dev.o3.freon.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.freon.report.LoadReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class TestLoadRunner {
    /** Advances 1 ms on every reading, so every operation takes exactly 1 ms. */
    private static LongSupplier steppingClock() {
        AtomicLong now = new AtomicLong();
        return () -> now.addAndGet(1_000_000);
    }

    @Test
    void runsEveryOperationOnceAndCountsFailuresAndBytes() throws InterruptedException {
        ConcurrentHashMap<Long, Boolean> seen = new ConcurrentHashMap<>();
        Operation operation = index -> {
            if (seen.put(index, true) != null) {
                throw new IllegalStateException("ran twice: " + index);
            }
            if (index % 10 == 0) {
                throw new IOException("disk on fire");
            }
            return 100;
        };

        LoadReport report =
                new LoadRunner("test", LoadPlan.count(500, 4), operation, ProgressListener.NONE, steppingClock()).run();

        assertThat(seen).hasSize(500);
        assertThat(report.operations()).isEqualTo(500);
        assertThat(report.failures()).isEqualTo(50);
        assertThat(report.bytes()).isEqualTo(450 * 100);
        assertThat(report.errors()).containsExactly(java.util.Map.entry("IOException: disk on fire", 50L));
        assertThat(report.latencyMicros().getTotalCount()).isEqualTo(450);
        assertThat(report.percentileMillis(50)).isBetween(0.99, 1.01);
    }

    @Test
    void inFlightRunKeepsItsWindowAndRunsEveryOperationOnce() throws InterruptedException {
        ConcurrentHashMap<Long, Boolean> seen = new ConcurrentHashMap<>();
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger mostInFlight = new AtomicInteger();
        ExecutorService completer = Executors.newFixedThreadPool(2);
        AsyncOperation operation = index -> {
            if (seen.put(index, true) != null) {
                throw new IllegalStateException("ran twice: " + index);
            }
            mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            Supplier<Long> outcome = () -> {
                inFlight.decrementAndGet();
                if (index % 10 == 0) {
                    throw new CompletionException(new IOException("disk on fire"));
                }
                return 100L;
            };
            // Every third operation completes before start() returns, the others on another thread.
            return index % 3 == 0
                    ? CompletableFuture.completedFuture(null).thenApply(ignored -> outcome.get())
                    : CompletableFuture.supplyAsync(outcome, completer);
        };
        try {
            LoadReport report = LoadRunner.inFlight(
                            "async", LoadPlan.count(500, 8), operation, ProgressListener.NONE, steppingClock())
                    .run();

            assertThat(seen).hasSize(500);
            assertThat(mostInFlight.get()).isBetween(1, 8);
            assertThat(report.operations()).isEqualTo(500);
            assertThat(report.failures()).isEqualTo(50);
            assertThat(report.bytes()).isEqualTo(450 * 100);
            assertThat(report.errors()).containsExactly(java.util.Map.entry("IOException: disk on fire", 50L));
        } finally {
            completer.shutdownNow();
        }
    }

    @Test
    void inFlightOperationsCompletingAtOnceAreLoopedNotRecursed() throws InterruptedException {
        LoadReport report = LoadRunner.inFlight(
                        "instant",
                        LoadPlan.count(200_000, 2),
                        index -> CompletableFuture.completedFuture(1L),
                        ProgressListener.NONE,
                        steppingClock())
                .run();

        assertThat(report.operations()).isEqualTo(200_000);
        assertThat(report.failures()).isZero();
    }

    @Test
    void timedRunStopsAtTheDeadline() throws InterruptedException {
        LoadReport report = new LoadRunner(
                        "timed",
                        LoadPlan.lasting(Duration.ofMillis(200), 2),
                        index -> 0,
                        ProgressListener.NONE,
                        steppingClock())
                .run();

        assertThat(report.operations()).isPositive().isLessThan(200);
        assertThat(report.failures()).isZero();
    }

    @Test
    void planRejectsBadInputWithOneLineMessages() {
        assertThatThrownBy(() -> LoadPlan.count(0, 1)).hasMessage("-n must be at least 1, not 0");
        assertThatThrownBy(() -> LoadPlan.count(10, 0)).hasMessage("-t must be at least 1, not 0");
        assertThatThrownBy(() -> LoadPlan.lasting(Duration.ZERO, 1))
                .hasMessageContaining("--duration must be positive");
    }

    @Test
    void progressIsABarOnATerminalAndLinesOtherwise() {
        StringWriter terminal = new StringWriter();
        ProgressPrinter bar = new ProgressPrinter(new PrintWriter(terminal), true, Duration.ofSeconds(10));
        bar.update(50, 1, OptionalLong.of(100), Duration.ofSeconds(2), Duration.ZERO);
        bar.finish();
        assertThat(terminal.toString())
                .startsWith("\r[===============               ]  50% 50/100 ops, 25.0 ops/s, 1 failures");

        StringWriter log = new StringWriter();
        ProgressPrinter lines = new ProgressPrinter(new PrintWriter(log), false, Duration.ofSeconds(10));
        lines.update(1, 0, OptionalLong.empty(), Duration.ofSeconds(10), Duration.ofSeconds(60));
        lines.update(2, 0, OptionalLong.empty(), Duration.ofSeconds(11), Duration.ofSeconds(60));
        lines.update(3, 0, OptionalLong.empty(), Duration.ofSeconds(20), Duration.ofSeconds(60));
        assertThat(log.toString().lines()).hasSize(2).allMatch(line -> line.startsWith("progress: "));
    }
}
