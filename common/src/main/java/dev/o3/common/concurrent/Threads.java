package dev.o3.common.concurrent;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Named thread factories: a thread dump then tells which component owns each thread. */
public final class Threads {
    private Threads() {}

    /** Daemon threads named {@code prefix-N}. */
    public static ThreadFactory daemonThreadsNamed(String prefix) {
        AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + "-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
