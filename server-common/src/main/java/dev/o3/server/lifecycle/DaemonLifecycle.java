package dev.o3.server.lifecycle;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The start and close every {@link Daemon} shares. {@link #start} moves NEW -> STARTING -> RUNNING around the daemon's
 * own start-up, in which it registers each component it opens; if start-up fails it moves to FAILED, closes what was
 * registered and rethrows. {@link #close} runs once: it closes the registered components in reverse order, collects
 * their failures and throws them after the last one closed; a concurrent close waits for it, a later one returns.
 * Closing a daemon that never started only marks it STOPPED.
 *
 * <p>Thread-safe: start and close are serialized on this object; {@link #state()} and {@link #assertRunning()} never
 * block, so status pages and accessors may use them while a start or close runs.
 */
public final class DaemonLifecycle {
    private static final Logger LOG = LoggerFactory.getLogger(DaemonLifecycle.class);

    private final String name;
    private final LifeCycle lifeCycle;

    @GuardedBy("this")
    private final Deque<AutoCloseable> opened = new ArrayDeque<>();

    /** @param name the daemon's name for logs and errors, e.g. {@code om-om1} */
    public DaemonLifecycle(String name) {
        this.name = Objects.requireNonNull(name, "name is null");
        this.lifeCycle = new LifeCycle(name);
    }

    /** A daemon's start-up: opens its components in order, registering each as soon as it exists. */
    @FunctionalInterface
    public interface Starter {
        void start(Components components);
    }

    /** Where a {@link Starter} registers what {@link #close()} must close. */
    public interface Components {
        /** Registers {@code component} to be closed before every component registered earlier; returns it. */
        <T extends AutoCloseable> T add(T component);
    }

    /**
     * Runs {@code starter} and moves to RUNNING.
     *
     * @throws IllegalStateException when the daemon was already started or closed
     * @throws RuntimeException whatever {@code starter} threw, after the components it registered were closed (their
     *     own failures attached as suppressed)
     */
    public synchronized void start(Starter starter) {
        lifeCycle.transition(LifeCycle.State.STARTING);
        try {
            starter.start(new Registration());
        } catch (RuntimeException | Error e) {
            lifeCycle.transition(LifeCycle.State.FAILED);
            closeOpened().forEach(e::addSuppressed);
            throw e;
        }
        lifeCycle.transition(LifeCycle.State.RUNNING);
    }

    /**
     * Closes every registered component, the last registered first, each once; returns when all are closed, also when
     * called again or concurrently.
     *
     * @throws IllegalStateException after closing everything, when a component failed to close; the first failure is
     *     its cause and the others are suppressed
     */
    public synchronized void close() {
        LifeCycle.State state = lifeCycle.state();
        if (state == LifeCycle.State.STOPPED) {
            return;
        }
        if (state == LifeCycle.State.NEW) {
            lifeCycle.transition(LifeCycle.State.STOPPED);
            return;
        }
        lifeCycle.transition(LifeCycle.State.STOPPING);
        List<Exception> failures = closeOpened();
        lifeCycle.transition(LifeCycle.State.STOPPED);
        LOG.info("[{}] stopped", name);
        if (!failures.isEmpty()) {
            IllegalStateException failure = new IllegalStateException(
                    name + ": " + failures.size() + " component(s) failed to close", failures.get(0));
            failures.subList(1, failures.size()).forEach(failure::addSuppressed);
            throw failure;
        }
    }

    /**
     * Marks a running daemon FAILED after a fatal fault (it stays so until closed).
     *
     * @return whether this call moved it from RUNNING, so the caller reacts to a fault only once
     */
    public boolean markFailed() {
        return lifeCycle.compareAndTransition(LifeCycle.State.RUNNING, LifeCycle.State.FAILED);
    }

    public LifeCycle.State state() {
        return lifeCycle.state();
    }

    /**
     * Guards operations that need a started daemon.
     *
     * @throws IllegalStateException when the daemon is not running
     */
    public void assertRunning() {
        lifeCycle.assertRunning();
    }

    @GuardedBy("this")
    private List<Exception> closeOpened() {
        List<Exception> failures = new ArrayList<>();
        for (AutoCloseable component = opened.poll(); component != null; component = opened.poll()) {
            try {
                component.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failures.add(e);
            } catch (Exception e) {
                failures.add(e);
            }
        }
        return failures;
    }

    @Override
    public String toString() {
        return lifeCycle.toString();
    }

    private final class Registration implements Components {
        @Override
        public <T extends AutoCloseable> T add(T component) {
            Objects.requireNonNull(component, "component is null");
            synchronized (DaemonLifecycle.this) {
                if (lifeCycle.state() != LifeCycle.State.STARTING) {
                    throw new IllegalStateException(name + ": components are registered only while starting");
                }
                opened.push(component);
            }
            return component;
        }
    }
}
