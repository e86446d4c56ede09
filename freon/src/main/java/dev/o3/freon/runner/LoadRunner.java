package dev.o3.freon.runner;

import dev.o3.common.concurrent.Threads;
import dev.o3.freon.report.LoadReport;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Runs load according to a {@link LoadPlan}: a blocking {@link Operation} on {@code threads} named worker threads, or
 * an {@link AsyncOperation} with {@code threads} calls in flight ({@link InFlightWindow}). Every latency goes into an
 * HdrHistogram; every failure is counted and its message kept (grouped), so a run can never look better than it was.
 * One run per instance.
 */
public final class LoadRunner {
    private final String name;
    private final LoadPlan plan;
    private final Driver driver;
    private final ProgressListener progress;
    private final LongSupplier nanoTime;
    private final Tally tally = new Tally();

    /**
     * A run of a blocking {@code operation} on {@code plan.threads()} threads.
     *
     * @param nanoTime the clock latencies and durations are measured with ({@code System::nanoTime} outside tests)
     */
    public LoadRunner(
            String name, LoadPlan plan, Operation operation, ProgressListener progress, LongSupplier nanoTime) {
        this(name, plan, (runner, deadline) -> runner.runThreads(operation, deadline), progress, nanoTime);
    }

    private LoadRunner(String name, LoadPlan plan, Driver driver, ProgressListener progress, LongSupplier nanoTime) {
        this.name = name;
        this.plan = plan;
        this.driver = driver;
        this.progress = progress;
        this.nanoTime = nanoTime;
    }

    /**
     * A run of an asynchronous {@code operation} with {@code plan.threads()} operations in flight, all started from
     * completion callbacks: the load generator needs no thread per call.
     */
    public static LoadRunner inFlight(
            String name, LoadPlan plan, AsyncOperation operation, ProgressListener progress, LongSupplier nanoTime) {
        return new LoadRunner(
                name,
                plan,
                (runner, deadline) -> new InFlightWindow(
                                operation, runner.tally, nanoTime, runner.limit(), deadline, plan.threads())
                        .run(),
                progress,
                nanoTime);
    }

    /**
     * Runs to completion and returns the report.
     *
     * @throws InterruptedException when the calling thread is interrupted; the load stops
     */
    public LoadReport run() throws InterruptedException {
        long start = nanoTime.getAsLong();
        long deadline = plan.duration().map(d -> start + d.toNanos()).orElse(Long.MAX_VALUE);
        ScheduledExecutorService ticker =
                Executors.newSingleThreadScheduledExecutor(Threads.daemonThreadsNamed(name + "-progress"));
        try {
            ScheduledFuture<?> ticks = ticker.scheduleAtFixedRate(() -> report(start), 1, 1, TimeUnit.SECONDS);
            driver.drive(this, deadline);
            ticks.cancel(false);
        } finally {
            ticker.shutdownNow();
        }
        long elapsed = nanoTime.getAsLong() - start;
        report(start);
        progress.finish();
        return tally.report(name, Duration.ofNanos(elapsed));
    }

    private void runThreads(Operation operation, long deadline) throws InterruptedException {
        AtomicLong next = new AtomicLong();
        ExecutorService workers = Executors.newFixedThreadPool(plan.threads(), Threads.daemonThreadsNamed(name));
        try {
            for (int i = 0; i < plan.threads(); i++) {
                workers.execute(() -> work(operation, next, deadline));
            }
            workers.shutdown();
            // The plan bounds the run; the progress ticker shows it is alive meanwhile.
            if (!workers.awaitTermination(Long.MAX_VALUE, TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException(name + ": workers did not stop");
            }
        } finally {
            workers.shutdownNow();
        }
    }

    private void work(Operation operation, AtomicLong next, long deadline) {
        OptionalLong limit = limit();
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
                long moved = operation.run(index);
                tally.succeeded(nanoTime.getAsLong() - begin, moved);
            } catch (Exception e) {
                tally.failed(e);
            }
        }
    }

    private OptionalLong limit() {
        return plan.operations().map(OptionalLong::of).orElse(OptionalLong.empty());
    }

    private void report(long start) {
        Duration elapsed = Duration.ofNanos(nanoTime.getAsLong() - start);
        progress.update(
                tally.done(),
                tally.failures(),
                limit(),
                elapsed,
                plan.duration().orElse(Duration.ZERO));
    }

    /** Drives the load until the plan is done or the deadline passes. */
    @FunctionalInterface
    private interface Driver {
        void drive(LoadRunner runner, long deadline) throws InterruptedException;
    }
}
