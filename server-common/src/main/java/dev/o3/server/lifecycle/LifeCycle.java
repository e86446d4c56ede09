package dev.o3.server.lifecycle;

import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The state of a component with checked transitions: NEW -> STARTING -> RUNNING -> STOPPING -> STOPPED, and FAILED
 * from STARTING or RUNNING. Thread-safe (compare-and-set).
 */
public final class LifeCycle {
    /** Lifecycle states. */
    public enum State {
        NEW,
        STARTING,
        RUNNING,
        STOPPING,
        STOPPED,
        FAILED
    }

    private static final Map<State, Set<State>> ALLOWED = Map.of(
            State.NEW, EnumSet.of(State.STARTING, State.STOPPED),
            State.STARTING, EnumSet.of(State.RUNNING, State.FAILED, State.STOPPING),
            State.RUNNING, EnumSet.of(State.STOPPING, State.FAILED),
            State.STOPPING, EnumSet.of(State.STOPPED),
            State.FAILED, EnumSet.of(State.STOPPING, State.STOPPED),
            State.STOPPED, EnumSet.noneOf(State.class));

    private final String name;
    private final AtomicReference<State> state = new AtomicReference<>(State.NEW);

    public LifeCycle(String name) {
        this.name = Objects.requireNonNull(name, "name is null");
    }

    public State state() {
        return state.get();
    }

    /**
     * Moves to {@code next}.
     *
     * @throws IllegalStateException naming the component, current and requested state when the move is not allowed
     */
    public void transition(State next) {
        State current = state.get();
        while (true) {
            if (!ALLOWED.get(current).contains(next)) {
                throw new IllegalStateException(name + ": cannot go from " + current + " to " + next);
            }
            if (state.compareAndSet(current, next)) {
                return;
            }
            current = state.get();
        }
    }

    /** Moves to {@code next} only from {@code expected}; returns whether it did (e.g. close once). */
    public boolean compareAndTransition(State expected, State next) {
        if (!ALLOWED.get(expected).contains(next)) {
            throw new IllegalStateException(name + ": cannot go from " + expected + " to " + next);
        }
        return state.compareAndSet(expected, next);
    }

    /**
     * Fails unless RUNNING; guards operations that need a started component.
     *
     * @throws IllegalStateException when the component is not running
     */
    public void assertRunning() {
        State current = state.get();
        if (current != State.RUNNING) {
            throw new IllegalStateException(name + " is " + current + ", not RUNNING");
        }
    }

    @Override
    public String toString() {
        return name + ":" + state.get();
    }
}
