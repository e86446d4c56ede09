package dev.o3.freon.runner;

import dev.o3.freon.report.LoadReport;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;

/**
 * What a run counted so far: finished and failed operations, bytes, latencies (microseconds, 3 significant digits)
 * and failure messages grouped (at most {@value #MAX_ERROR_KINDS} kinds). Thread-safe: any number of threads record.
 */
final class Tally {
    private static final int MAX_ERROR_KINDS = 20;

    private final LongAdder done = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final Recorder latencies = new Recorder(3);
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();

    void succeeded(long nanos, long moved) {
        bytes.add(moved);
        latencies.recordValue(Math.max(1, nanos / 1000));
        done.increment();
    }

    void failed(Throwable failure) {
        failures.increment();
        recordError(unwrap(failure));
        done.increment();
    }

    long done() {
        return done.sum();
    }

    long failures() {
        return failures.sum();
    }

    LoadReport report(String name, Duration elapsed) {
        Map<String, Long> errorCounts = new HashMap<>();
        errors.forEach((message, count) -> errorCounts.put(message, count.sum()));
        return new LoadReport(
                name, done.sum(), failures.sum(), elapsed, bytes.sum(), latencies.getIntervalHistogram(), errorCounts);
    }

    private void recordError(Throwable e) {
        String message = e.getClass().getSimpleName() + ": " + e.getMessage();
        LongAdder count = errors.get(message);
        if (count == null && errors.size() >= MAX_ERROR_KINDS) {
            count = errors.computeIfAbsent("(other errors)", key -> new LongAdder());
        } else if (count == null) {
            count = errors.computeIfAbsent(message, key -> new LongAdder());
        }
        count.increment();
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
