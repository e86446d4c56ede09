package dev.o3.om.metrics;

import java.util.Locale;

/** The parts of a request's latency that OM measures separately. */
public enum Stage {
    /** Waiting for a handler thread (only requests that are handed off). */
    QUEUE,
    /** Block allocation at SCM before the log write. */
    SCM,
    /** Replication and application until the applied reply. */
    RATIS,
    /** The read barrier plus the read itself. */
    READ;

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
