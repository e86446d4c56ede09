package dev.o3.om.ratis;

/** Told about every log entry the state machine applied (metrics). Called on the applier thread; must be quick. */
@FunctionalInterface
public interface ApplyListener {
    /**
     * One log entry was applied.
     *
     * @param requests client requests the entry carried (more than one when they were group-committed)
     * @param nanos time the entry took to apply
     */
    void applied(int requests, long nanos);
}
