package dev.o3.benchmarks.replication;

import io.netty.util.internal.PlatformDependent;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures one phase of the benchmark: wall time, the process's CPU time, and the peak of direct memory in use
 * (Netty's own counter and the JDK's direct buffer pool), sampled every millisecond.
 */
final class ResourceSampler implements AutoCloseable {
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final BufferPoolMXBean directPool = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
            .filter(pool -> pool.getName().equals("direct"))
            .findFirst()
            .orElseThrow();
    private final AtomicLong peakDirect = new AtomicLong();
    private final long startDirect = usedDirect();
    private final long startNanos = System.nanoTime();
    private final long startCpuNanos = os.getProcessCpuTime();
    private final Thread sampler;
    private volatile boolean running = true;

    ResourceSampler() {
        sample();
        sampler = new Thread(
                () -> {
                    while (running) {
                        sample();
                        try {
                            Thread.sleep(1);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                },
                "direct-memory-sampler");
        sampler.setDaemon(true);
        sampler.start();
    }

    /** The phase's figures for {@code bytes} moved. */
    Result result(long bytes) {
        long wallNanos = System.nanoTime() - startNanos;
        long cpuNanos = os.getProcessCpuTime() - startCpuNanos;
        sample();
        return new Result(bytes, wallNanos, cpuNanos, peakDirect.get(), peakDirect.get() - startDirect);
    }

    @Override
    public void close() {
        running = false;
        try {
            sampler.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void sample() {
        peakDirect.accumulateAndGet(usedDirect(), Math::max);
    }

    /** Direct memory in use: Netty's pooled and unpooled buffers or the JDK's direct buffers, whichever is more. */
    private long usedDirect() {
        return Math.max(PlatformDependent.usedDirectMemory(), directPool.getMemoryUsed());
    }

    /**
     * Figures of one phase.
     *
     * @param bytes bytes moved
     * @param wallNanos elapsed time
     * @param cpuNanos CPU time of the whole process
     * @param peakDirectBytes peak direct memory in use (pools that earlier phases filled included)
     * @param peakAddedBytes peak direct memory above what was in use when the phase started
     */
    record Result(long bytes, long wallNanos, long cpuNanos, long peakDirectBytes, long peakAddedBytes) {
        double megabytesPerSecond() {
            return bytes / 1e6 / (wallNanos / 1e9);
        }

        double cores() {
            return (double) cpuNanos / wallNanos;
        }
    }
}
