package dev.o3.freon.report;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * The outcome of one run: counts, duration, bytes and the latency histogram in microseconds.
 *
 * @param name generator name, e.g. ockg
 * @param operations operations finished, failed ones included
 * @param failures operations that failed
 * @param elapsed wall time of the run
 * @param bytes payload bytes moved by successful operations
 * @param latencyMicros latencies of successful operations
 * @param errors failure messages and how often each occurred
 */
public record LoadReport(
        String name,
        long operations,
        long failures,
        Duration elapsed,
        long bytes,
        Histogram latencyMicros,
        Map<String, Long> errors) {
    /** Percentiles printed and written to JSON. */
    public static final List<Double> PERCENTILES = List.of(50.0, 90.0, 99.0, 99.9);

    public LoadReport {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(elapsed, "elapsed is null");
        Objects.requireNonNull(latencyMicros, "latencyMicros is null");
        errors = Map.copyOf(errors);
    }

    public double operationsPerSecond() {
        return seconds() == 0 ? 0 : (operations - failures) / seconds();
    }

    public double megabytesPerSecond() {
        return seconds() == 0 ? 0 : bytes / (1024.0 * 1024.0) / seconds();
    }

    /** Latency at a percentile, in milliseconds; 0 when nothing succeeded. */
    public double percentileMillis(double percentile) {
        return latencyMicros.getTotalCount() == 0 ? 0 : latencyMicros.getValueAtPercentile(percentile) / 1000.0;
    }

    public double maxMillis() {
        return latencyMicros.getTotalCount() == 0 ? 0 : latencyMicros.getMaxValue() / 1000.0;
    }

    /** The human summary printed at the end of every run. */
    public void print(PrintWriter out) {
        out.printf("%n%s: %d operations, %d failures in %.1f s%n", name, operations, failures, seconds());
        out.printf("  throughput: %.1f ops/s, %.2f MB/s%n", operationsPerSecond(), megabytesPerSecond());
        out.printf(
                "  latency ms: p50 %.2f  p90 %.2f  p99 %.2f  p99.9 %.2f  max %.2f%n",
                percentileMillis(50), percentileMillis(90), percentileMillis(99), percentileMillis(99.9), maxMillis());
        errors.forEach((message, count) -> out.printf("  failed %d x: %s%n", count, message));
        out.flush();
    }

    private double seconds() {
        return elapsed.toNanos() / 1e9;
    }
}
