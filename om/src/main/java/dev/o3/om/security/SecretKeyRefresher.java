package dev.o3.om.security;

import dev.o3.common.concurrent.Threads;
import dev.o3.common.security.BlockTokenKeys;
import dev.o3.om.scm.ScmBlockClient;
import dev.o3.om.scm.ScmUnavailableException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Secure mode: keeps this OM's block-token keys in step with SCM's, asking every second until SCM first answers and
 * then every check period ({@code hdds.secret.key.rotate.check.duration}); SCM activates a new key only after a
 * delay, so OM learns it before it has to sign with it. Until the first answer OM cannot issue tokens (its writes and
 * reads fail with a clear error). Lifecycle: {@link #start()}, {@link #close()}.
 */
public final class SecretKeyRefresher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SecretKeyRefresher.class);
    private static final Duration FIRST_RETRY = Duration.ofSeconds(1);

    private final String logPrefix;
    private final ScmBlockClient scm;
    private final BlockTokenKeys keys;
    private final Duration period;
    private final ScheduledExecutorService executor;
    private long lastFetchNanos;

    public SecretKeyRefresher(String logPrefix, ScmBlockClient scm, BlockTokenKeys keys, Duration period) {
        this.logPrefix = logPrefix;
        this.scm = scm;
        this.keys = keys;
        this.period = period;
        this.executor =
                Executors.newSingleThreadScheduledExecutor(Threads.daemonThreadsNamed(logPrefix + "-secret-keys"));
    }

    public void start() {
        long tick = Math.min(FIRST_RETRY.toMillis(), period.toMillis());
        var unused = executor.scheduleWithFixedDelay(this::refreshIfDue, 0, tick, TimeUnit.MILLISECONDS);
    }

    /** Runs on the refresher's thread only. */
    private void refreshIfDue() {
        boolean hasKeys = !keys.all().isEmpty();
        if (hasKeys && System.nanoTime() - lastFetchNanos < period.toNanos()) {
            return;
        }
        try {
            keys.update(scm.secretKeys());
            lastFetchNanos = System.nanoTime();
        } catch (ScmUnavailableException e) {
            LOG.warn("[{}] could not fetch block-token keys: {}", logPrefix, e.getMessage());
            return;
        }
        if (!hasKeys && !keys.all().isEmpty()) {
            LOG.info(
                    "[{}] got {} block-token keys from SCM",
                    logPrefix,
                    keys.all().size());
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
