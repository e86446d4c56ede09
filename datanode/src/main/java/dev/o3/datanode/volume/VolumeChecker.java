package dev.o3.datanode.volume;

import dev.o3.common.concurrent.Threads;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Checks every data volume periodically on its own thread (owned here), taking failed ones out of service. */
public final class VolumeChecker implements AutoCloseable {
    private final VolumeSet volumes;
    private final Duration interval;
    private final ScheduledExecutorService executor;

    public VolumeChecker(String logPrefix, VolumeSet volumes, Duration interval) {
        this.volumes = volumes;
        this.interval = interval;
        this.executor =
                Executors.newSingleThreadScheduledExecutor(Threads.daemonThreadsNamed(logPrefix + "-volume-check"));
    }

    public void start() {
        var unused = executor.scheduleWithFixedDelay(
                volumes::checkAll, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
