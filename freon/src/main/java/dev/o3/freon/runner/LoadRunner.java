package dev.o3.freon.runner;

import dev.o3.common.concurrent.Threads;
import dev.o3.freon.report.LoadReport;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.HdrHistogram.Recorder;

/**
 * Runs an {@link Operation} according to a {@link LoadPlan} on named worker threads. Every latency goes into an
 * HdrHistogram (microseconds, 3 significant digits); every failure is counted and its message kept (grouped), so a
 * run can never look better than it was. One run per instance.
 */
public final class LoadRunner {
    private static final int MAX_ERROR_KINDS = 20;

    private final String name;
    private final LoadPlan plan;
    private final Operation operation;
    private final ProgressListener progress;
    private final LongSupplier nanoTime;
    private final AtomicLong next = new AtomicLong();
    private final LongAdder done = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final Recorder latencies = new Recorder(3);
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();

    /**
     * A run of {@code operation}.
     *
     * @param nanoTime the clock latencies and durations are measured with ({@code System::nanoTime} outside tests)
     */
    public LoadRunner(
            String name, LoadPlan plan, Operation operation, ProgressListener progress, LongSupplier nanoTime) {
        this.name = name;
        this.plan = plan;
        this.operation = operation;
        this.progress = progress;
        this.nanoTime = nanoTime;
    }

    /**
     * Runs to completion and returns the report.
     *
     * @throws InterruptedException when the calling thread is interrupted; workers are stopped
     */
    public LoadReport run() throws InterruptedException {
        long start = nanoTime.getAsLong();
        long deadline = plan.duration().map(d -> start + d.toNanos()).orElse(Long.MAX_VALUE);
        ExecutorService workers = Executors.newFixedThreadPool(plan.threads(), Threads.daemonThreadsNamed(name));
        ScheduledExecutorService ticker =
                Executors.newSingleThreadScheduledExecutor(Threads.daemonThreadsNamed(name + "-progress"));
        try {
            ScheduledFuture<?> ticks = ticker.scheduleAtFixedRate(() -> report(start), 1, 1, TimeUnit.SECONDS);
            for (int i = 0; i < plan.threads(); i++) {
                workers.execute(() -> work(deadline));
            }
            workers.shutdown();
            // The plan bounds the run; the progress ticker shows it is alive meanwhile.
            if (!workers.awaitTermination(Long.MAX_VALUE, TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException(name + ": workers did not stop");
            }
            ticks.cancel(false);
        } finally {
            workers.shutdownNow();
            ticker.shutdownNow();
        }
        long elapsed = nanoTime.getAsLong() - start;
        report(start);
        progress.finish();
        Map<String, Long> errorCounts = new ConcurrentHashMap<>();
        errors.forEach((message, count) -> errorCounts.put(message, count.sum()));
        return new LoadReport(
                name,
                done.sum(),
                failures.sum(),
                Duration.ofNanos(elapsed),
                bytes.sum(),
                latencies.getIntervalHistogram(),
                errorCounts);
    }

    private void work(long deadline) {
        OptionalLong limit = plan.operations().map(OptionalLong::of).orElse(OptionalLong.empty());
        while (!Thread.currentThread().isInterrupted()) {
            long index = next.getAndIncrement();
            if (limit.isPresent() && index >= limit.getAsLong()) {
                return;
            }
            long begin = nanoTime.getAsLong();
            if (begin >= deadline) {
                return;
            }
            try {
                bytes.add(operation.run(index));
                latencies.recordValue(Math.max(1, (nanoTime.getAsLong() - begin) / 1000));
            } catch (Exception e) {
                failures.increment();
                recordError(e);
            } finally {
                done.increment();
            }
        }
    }

    private void recordError(Exception e) {
        String message = e.getClass().getSimpleName() + ": " + e.getMessage();
        LongAdder count = errors.get(message);
        if (count == null && errors.size() >= MAX_ERROR_KINDS) {
            count = errors.computeIfAbsent("(other errors)", key -> new LongAdder());
        } else if (count == null) {
            count = errors.computeIfAbsent(message, key -> new LongAdder());
        }
        count.increment();
    }

    private void report(long start) {
        Duration elapsed = Duration.ofNanos(nanoTime.getAsLong() - start);
        OptionalLong total = plan.operations().map(OptionalLong::of).orElse(OptionalLong.empty());
        progress.update(
                done.sum(), failures.sum(), total, elapsed, plan.duration().orElse(Duration.ZERO));
    }
}
