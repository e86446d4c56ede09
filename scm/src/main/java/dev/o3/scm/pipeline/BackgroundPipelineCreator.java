package dev.o3.scm.pipeline;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.common.concurrent.Threads;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs pipeline creation rounds on one background thread: every {@code interval}, and soon after each
 * {@link #trigger()} (new node, dead node, safe mode exit). Triggers that arrive while a round is queued coalesce.
 *
 * <p>Lifecycle: {@link #start()} then {@link #close()}; owns its executor. Thread-safe.
 */
public final class BackgroundPipelineCreator implements PipelineCreationTrigger, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BackgroundPipelineCreator.class);

    private final String logPrefix;
    private final Runnable round;
    private final Duration interval;
    private final ScheduledExecutorService executor;
    private final AtomicBoolean queued = new AtomicBoolean();

    @GuardedBy("this")
    private ScheduledFuture<?> periodic;

    public BackgroundPipelineCreator(String name, Runnable round, Duration interval) {
        this.logPrefix = "[" + Objects.requireNonNull(name, "name is null") + "] ";
        this.round = Objects.requireNonNull(round, "round is null");
        this.interval = Objects.requireNonNull(interval, "interval is null");
        this.executor =
                Executors.newSingleThreadScheduledExecutor(Threads.daemonThreadsNamed(name + "-pipeline-creator"));
    }

    public synchronized void start() {
        periodic = executor.scheduleWithFixedDelay(
                this::runRound, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void trigger() {
        if (!executor.isShutdown() && queued.compareAndSet(false, true)) {
            try {
                executor.execute(() -> {
                    queued.set(false);
                    runRound();
                });
            } catch (RejectedExecutionException e) {
                // Closing: no more rounds are needed.
                queued.set(false);
            }
        }
    }

    private void runRound() {
        try {
            round.run();
        } catch (RuntimeException e) {
            // Top of the thread: a failed round is retried at the next trigger or period.
            LOG.error("{}pipeline creation round failed", logPrefix, e);
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (periodic != null) {
                periodic.cancel(false);
            }
        }
        executor.shutdownNow();
        try {
            if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.warn("{}pipeline creator did not stop within 10s", logPrefix);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
