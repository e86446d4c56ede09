package dev.o3.om.server;

import dev.o3.om.metrics.OmMetrics;
import dev.o3.om.ratis.OmRatisServer;
import dev.o3.om.service.BackgroundServices;

/**
 * What tests observe of one running OM beyond its protocol: how many log entries and requests it applied, retries it
 * answered from its retry cache, and its background services (to run a pass now instead of waiting for the
 * interval). Read-only and live: every call reads the current value. Obtained from {@link
 * OzoneManagerServer#introspection()}.
 */
public final class OmIntrospection {
    private final OmRatisServer ratis;
    private final OmMetrics metrics;
    private final BackgroundServices background;

    OmIntrospection(OmRatisServer ratis, OmMetrics metrics, BackgroundServices background) {
        this.ratis = ratis;
        this.metrics = metrics;
        this.background = background;
    }

    /** Log entries this OM's state machine applied since it started. */
    public long appliedTransactions() {
        return ratis.appliedTransactions();
    }

    /** Client write requests applied since start; more than the log entries when writes were group-committed. */
    public long appliedRequests() {
        return ratis.appliedRequests();
    }

    /** The last Raft log index this OM applied. */
    public long lastAppliedIndex() {
        return ratis.lastAppliedIndex();
    }

    /** Retried writes this OM answered from its retry cache instead of applying them again, since start. */
    public long answeredRetries() {
        return metrics.answeredRetries();
    }

    /** The background services, to run one pass now. */
    public BackgroundServices backgroundServices() {
        return background;
    }
}
