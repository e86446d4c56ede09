package dev.o3.freon.runner;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How much load to run: a number of operations, or a duration, on a number of threads.
 *
 * @param operations operations to run, or empty when a duration is given
 * @param duration how long to run, or empty when a count is given
 * @param threads concurrent workers: blocking threads, or operations in flight for an asynchronous run
 */
public record LoadPlan(Optional<Long> operations, Optional<Duration> duration, int threads) {
    public LoadPlan {
        Objects.requireNonNull(operations, "operations is null");
        Objects.requireNonNull(duration, "duration is null");
        if (operations.isPresent() == duration.isPresent()) {
            throw new IllegalArgumentException("give either a number of operations (-n) or a duration (--duration)");
        }
        operations.ifPresent(n -> {
            if (n < 1) {
                throw new IllegalArgumentException("-n must be at least 1, not " + n);
            }
        });
        duration.ifPresent(d -> {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("--duration must be positive, not " + d);
            }
        });
        if (threads < 1) {
            throw new IllegalArgumentException("-t must be at least 1, not " + threads);
        }
    }

    public static LoadPlan count(long operations, int threads) {
        return new LoadPlan(Optional.of(operations), Optional.empty(), threads);
    }

    public static LoadPlan lasting(Duration duration, int threads) {
        return new LoadPlan(Optional.empty(), Optional.of(duration), threads);
    }
}
