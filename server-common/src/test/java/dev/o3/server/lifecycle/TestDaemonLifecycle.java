package dev.o3.server.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.server.lifecycle.LifeCycle.State;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class TestDaemonLifecycle {
    private final List<String> closed = new CopyOnWriteArrayList<>();
    private final DaemonLifecycle lifecycle = new DaemonLifecycle("dn-test");

    @Test
    void startRunsAndCloseClosesInReverseOrder() {
        lifecycle.start(components -> {
            components.add(component("volumes"));
            components.add(component("ratis"));
            components.add(component("http"));
        });
        assertThat(lifecycle.state()).isEqualTo(State.RUNNING);

        lifecycle.close();

        assertThat(closed).containsExactly("http", "ratis", "volumes");
        assertThat(lifecycle.state()).isEqualTo(State.STOPPED);
    }

    @Test
    void concurrentCloseClosesEachComponentOnceAndReturnsAfterTheFirst() throws Exception {
        CountDownLatch closing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        lifecycle.start(components -> {
            components.add(component("store"));
            components.add(() -> {
                closing.countDown();
                release.await();
                closed.add("server");
            });
        });
        ExecutorService closers = Executors.newFixedThreadPool(2);
        try {
            Future<?> first = closers.submit(lifecycle::close);
            assertThat(closing.await(10, TimeUnit.SECONDS)).isTrue();
            AtomicReference<Thread> secondThread = new AtomicReference<>();
            Future<?> second = closers.submit(() -> {
                secondThread.set(Thread.currentThread());
                lifecycle.close();
            });

            awaitBlocked(secondThread);
            assertThat(second).isNotDone();
            release.countDown();
            first.get(10, TimeUnit.SECONDS);
            second.get(10, TimeUnit.SECONDS);
        } finally {
            closers.shutdownNow();
        }

        assertThat(closed).containsExactly("server", "store");
    }

    @Test
    void closeBeforeStartStopsWithoutStarting() {
        lifecycle.close();

        assertThat(lifecycle.state()).isEqualTo(State.STOPPED);
        assertThatThrownBy(() -> lifecycle.start(components -> components.add(component("never"))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("dn-test");
        assertThat(closed).isEmpty();
    }

    @Test
    void startFailureClosesWhatWasOpenedAndRethrows() {
        UncheckedIOException bindFailure = new UncheckedIOException(new IOException("port in use"));

        assertThatThrownBy(() -> lifecycle.start(components -> {
                    components.add(component("store"));
                    components.add(component("ratis"));
                    throw bindFailure;
                }))
                .isSameAs(bindFailure);

        assertThat(closed).containsExactly("ratis", "store");
        assertThat(lifecycle.state()).isEqualTo(State.FAILED);
        lifecycle.close();
        assertThat(closed).containsExactly("ratis", "store");
        assertThat(lifecycle.state()).isEqualTo(State.STOPPED);
    }

    @Test
    void cleanupFailuresAfterAStartFailureAreAttachedToIt() {
        IllegalStateException cleanupFailure = new IllegalStateException("ratis did not stop");

        assertThatThrownBy(() -> lifecycle.start(components -> {
                    components.add(component("store"));
                    components.add(() -> {
                        throw cleanupFailure;
                    });
                    throw new IllegalArgumentException("bad volume");
                }))
                .hasMessage("bad volume")
                .hasSuppressedException(cleanupFailure);
        assertThat(closed).containsExactly("store");
    }

    @Test
    void closeFailuresAreCollectedAndThrownAfterEverythingClosed() {
        IOException first = new IOException("http");
        IllegalStateException second = new IllegalStateException("ratis");
        lifecycle.start(components -> {
            components.add(component("store"));
            components.add(() -> {
                throw second;
            });
            components.add(() -> {
                throw first;
            });
        });

        assertThatThrownBy(lifecycle::close)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("dn-test")
                .hasCause(first)
                .hasSuppressedException(second);
        assertThat(closed).containsExactly("store");
        assertThat(lifecycle.state()).isEqualTo(State.STOPPED);
        lifecycle.close();
    }

    @Test
    void aFatalFaultIsReportedOnceAndCloseStillStops() {
        lifecycle.start(components -> components.add(component("ratis")));

        assertThat(lifecycle.markFailed()).isTrue();
        assertThat(lifecycle.markFailed()).isFalse();
        assertThatThrownBy(lifecycle::assertRunning).hasMessageContaining("FAILED");
        lifecycle.close();

        assertThat(closed).containsExactly("ratis");
        assertThat(lifecycle.state()).isEqualTo(State.STOPPED);
    }

    @Test
    void componentsRegisterOnlyWhileStarting() {
        AtomicReference<DaemonLifecycle.Components> leaked = new AtomicReference<>();
        lifecycle.start(leaked::set);

        assertThatThrownBy(() -> leaked.get().add(component("late"))).isInstanceOf(IllegalStateException.class);
    }

    private AutoCloseable component(String name) {
        return () -> closed.add(name);
    }

    /** Polls (10 s deadline) until the thread waits for the lifecycle's lock. */
    private static void awaitBlocked(AtomicReference<Thread> thread) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (thread.get() == null || thread.get().getState() != Thread.State.BLOCKED) {
            assertThat(System.nanoTime()).as("second close() waiting").isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }
}
