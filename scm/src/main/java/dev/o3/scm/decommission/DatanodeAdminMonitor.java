package dev.o3.scm.decommission;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.scm.config.DatanodeAdminConfig;
import dev.o3.scm.container.ContainerInfo;
import dev.o3.scm.container.ContainerManager;
import dev.o3.scm.container.ContainerState;
import dev.o3.scm.error.ScmErrorCode;
import dev.o3.scm.error.ScmException;
import dev.o3.scm.metrics.ScmMetrics;
import dev.o3.scm.node.DatanodeDescriptor;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.node.NodeManager;
import dev.o3.scm.node.NodeOperationalState;
import dev.o3.scm.node.NodeState;
import dev.o3.scm.node.OperationalState;
import dev.o3.scm.pipeline.PipelineManager;
import dev.o3.scm.state.ScmStateStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decommission and maintenance of datanodes, as Apache Ozone's DatanodeAdminMonitor does it.
 *
 * <p>A request ({@link #decommission}, {@link #startMaintenance}) first resolves every host and, unless forced, checks
 * that enough IN_SERVICE HEALTHY datanodes remain for the containers on the nodes (3 replicas, or the maintenance
 * minimum); a refused request changes nothing. It then sets each node DECOMMISSIONING or ENTERING_MAINTENANCE (stored
 * in SCM's database, so a restart resumes it) and closes the node's pipelines, which closes its open containers; the
 * node joins no new pipeline and gets no new block, but keeps serving reads. Every period {@link #run()} checks each
 * such node: once it is in no pipeline and every container with a replica on it is closed and has enough healthy
 * replicas on IN_SERVICE datanodes ({@link ReplicaCounts}: 3 for decommission, the maintenance minimum for
 * maintenance), the node becomes DECOMMISSIONED or IN_MAINTENANCE. The copies themselves are made by the replication
 * manager, which treats replicas on decommissioning nodes as going away. A maintenance with an end time returns to
 * IN_SERVICE at the first check after it; {@link #recommission} returns any node at once. A node that dies while
 * decommissioning or entering maintenance returns to IN_SERVICE and is handled as any dead node.
 *
 * <p>Thread-safe: every public method holds {@code this}. Lock order: this monitor, then the pipeline manager, the
 * container manager, the node manager and the state store; nothing calls back into it.
 */
public final class DatanodeAdminMonitor {
    /** Replicas of every container (RATIS/THREE). */
    static final int REPLICATION_FACTOR = 3;

    private static final Logger LOG = LoggerFactory.getLogger(DatanodeAdminMonitor.class);
    /** Container ids listed per node in the status (the counts are complete). */
    private static final int SAMPLE = 20;

    private final String logPrefix;
    private final NodeManager nodes;
    private final PipelineManager pipelines;
    private final ContainerManager containers;
    private final ScmStateStore store;
    private final BooleanSupplier inSafeMode;
    private final Runnable capacityChanged;
    private final Clock clock;
    private final ScmMetrics metrics;
    private final int maintenanceMinimum;

    /** Nodes being decommissioned, entering or in maintenance, with the time the request was made (or resumed). */
    @GuardedBy("this")
    private final Map<String, Instant> started = new LinkedHashMap<>();

    /** The latest progress of tracked nodes that were checked (or started) since SCM started. */
    @GuardedBy("this")
    private final Map<String, AdminProgress> tracked = new LinkedHashMap<>();

    /**
     * Resumes the workflow of the nodes SCM stored as out of service before a restart; each is checked once it has
     * registered again.
     *
     * @param capacityChanged runs a pipeline creation round (a node left or returned)
     */
    public DatanodeAdminMonitor(
            String name,
            DatanodeAdminConfig config,
            AdminScope scope,
            BooleanSupplier inSafeMode,
            Runnable capacityChanged,
            Clock clock,
            ScmMetrics metrics) {
        this.logPrefix = "[" + Objects.requireNonNull(name, "name is null") + "] ";
        this.nodes = scope.nodes();
        this.pipelines = scope.pipelines();
        this.containers = scope.containers();
        this.store = scope.store();
        this.inSafeMode = Objects.requireNonNull(inSafeMode, "inSafeMode is null");
        this.capacityChanged = Objects.requireNonNull(capacityChanged, "capacityChanged is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.metrics = Objects.requireNonNull(metrics, "metrics is null");
        this.maintenanceMinimum = Math.min(config.maintenanceReplicaMinimum(), REPLICATION_FACTOR);
        Map<String, OperationalState> stored = store.operationalStates();
        nodes.restoreOperationalStates(stored);
        synchronized (this) {
            stored.forEach((uuid, operational) -> {
                if (operational.state() != NodeOperationalState.DECOMMISSIONED) {
                    started.put(uuid, clock.instant());
                }
            });
        }
        metrics.registerDatanodeAdminGauges(this::nodesByOperationalState, this::countsPerNode);
    }

    /**
     * Starts decommissioning the named datanodes; nodes already decommissioning or decommissioned are left as they are.
     *
     * @param force skip the check that enough IN_SERVICE HEALTHY datanodes remain
     * @return the datanodes named
     * @throws ScmException UNKNOWN_DATANODE, INVALID_NODE_STATE (a node in maintenance) or INSUFFICIENT_NODES; then
     *     nothing changed
     */
    public synchronized List<DatanodeDescriptor> decommission(List<String> hosts, boolean force) {
        List<DatanodeStatus> targets = DatanodeHosts.resolve(nodes.all(), hosts);
        for (DatanodeStatus target : targets) {
            if (target.operational().state().isMaintenance()) {
                throw new ScmException(
                        ScmErrorCode.INVALID_NODE_STATE,
                        "datanode " + describe(target) + " is "
                                + target.operational().state() + "; recommission it before decommissioning");
            }
        }
        List<DatanodeStatus> starting = inService(targets);
        if (!force) {
            checkEnoughNodes(starting, REPLICATION_FACTOR, "decommissioning");
        }
        for (DatanodeStatus node : starting) {
            start(node, new OperationalState(NodeOperationalState.DECOMMISSIONING));
        }
        return descriptors(targets);
    }

    /**
     * Puts the named datanodes in maintenance; for nodes already in maintenance only the end time changes.
     *
     * @param duration how long until maintenance ends by itself; empty = until recommissioned
     * @param force skip the check that enough IN_SERVICE HEALTHY datanodes remain
     * @return the datanodes named
     * @throws ScmException UNKNOWN_DATANODE, INVALID_NODE_STATE (a node being decommissioned) or INSUFFICIENT_NODES;
     *     then nothing changed
     */
    public synchronized List<DatanodeDescriptor> startMaintenance(
            List<String> hosts, Optional<Duration> duration, boolean force) {
        List<DatanodeStatus> targets = DatanodeHosts.resolve(nodes.all(), hosts);
        for (DatanodeStatus target : targets) {
            if (target.operational().state().isDecommission()) {
                throw new ScmException(
                        ScmErrorCode.INVALID_NODE_STATE,
                        "datanode " + describe(target) + " is "
                                + target.operational().state() + "; recommission it before maintenance");
            }
        }
        List<DatanodeStatus> starting = inService(targets);
        if (!force) {
            checkEnoughNodes(starting, maintenanceMinimum, "putting in maintenance");
        }
        Optional<Instant> end = duration.map(clock.instant()::plus);
        for (DatanodeStatus target : targets) {
            if (starting.contains(target)) {
                start(target, new OperationalState(NodeOperationalState.ENTERING_MAINTENANCE, end));
            } else {
                OperationalState extended =
                        new OperationalState(target.operational().state(), end);
                change(target.uuid(), extended);
                tracked.computeIfPresent(target.uuid(), (uuid, progress) -> progress.withOperational(extended));
            }
        }
        return descriptors(targets);
    }

    /**
     * Returns the named datanodes to IN_SERVICE: they stop being tracked and may join new pipelines again.
     *
     * @return the datanodes named
     * @throws ScmException UNKNOWN_DATANODE; then nothing changed
     */
    public synchronized List<DatanodeDescriptor> recommission(List<String> hosts) {
        List<DatanodeStatus> targets = DatanodeHosts.resolve(nodes.all(), hosts);
        for (DatanodeStatus target : targets) {
            if (target.operational().state() != NodeOperationalState.IN_SERVICE) {
                returnToService(target.uuid(), "recommissioned");
            }
        }
        return descriptors(targets);
    }

    /** Checks every tracked node once (the periodic task); nothing moves while SCM is in safe mode. */
    public synchronized void run() {
        if (inSafeMode.getAsBoolean()) {
            return;
        }
        for (String uuid : List.copyOf(started.keySet())) {
            // A node known from SCM's database waits until it registers again with its container report.
            nodes.status(uuid).ifPresent(this::check);
        }
    }

    /** The progress of the registered nodes being taken out of service, as of the last check. */
    public synchronized List<AdminProgress> progress() {
        List<AdminProgress> progress = new ArrayList<>();
        started.forEach((uuid, startedAt) -> nodes.status(uuid)
                .map(node -> tracked.getOrDefault(
                                uuid, AdminProgress.starting(node.datanode(), node.operational(), startedAt))
                        .withOperational(node.operational()))
                .ifPresent(progress::add));
        return progress;
    }

    @GuardedBy("this")
    private void check(DatanodeStatus node) {
        String uuid = node.uuid();
        OperationalState operational = node.operational();
        NodeOperationalState state = operational.state();
        Instant now = clock.instant();
        Optional<Instant> end = operational.maintenanceEnd();
        if (state == NodeOperationalState.IN_SERVICE || state == NodeOperationalState.DECOMMISSIONED) {
            stopTracking(uuid);
        } else if (state.isMaintenance() && end.isPresent() && !now.isBefore(end.get())) {
            returnToService(uuid, "maintenance ended at " + end.get());
        } else if (state == NodeOperationalState.IN_MAINTENANCE) {
            return;
        } else if (node.state() == NodeState.DEAD) {
            returnToService(uuid, "it died while " + state + "; its replicas are handled as a dead node's");
        } else {
            AdminProgress progress = progressOf(node, started.get(uuid));
            tracked.put(uuid, progress);
            LOG.info(
                    "{}datanode {} is {}: {} sufficiently replicated, {} under-replicated and {} unclosed containers, "
                            + "{} pipelines closed",
                    logPrefix,
                    uuid,
                    state,
                    progress.sufficientlyReplicated(),
                    progress.underReplicated(),
                    progress.unclosed(),
                    progress.pipelinesWaitingToClose());
            if (progress.complete()) {
                OperationalState next = state == NodeOperationalState.DECOMMISSIONING
                        ? new OperationalState(NodeOperationalState.DECOMMISSIONED)
                        : new OperationalState(NodeOperationalState.IN_MAINTENANCE, end);
                change(uuid, next);
                if (next.state() == NodeOperationalState.DECOMMISSIONED) {
                    stopTracking(uuid);
                } else {
                    tracked.put(uuid, progress.withOperational(next));
                }
            }
        }
    }

    /** The node's progress now; pipelines it is still in are closed on the way. */
    @GuardedBy("this")
    private AdminProgress progressOf(DatanodeStatus node, Instant startedAt) {
        String uuid = node.uuid();
        int waiting = pipelines
                .closePipelinesOf(
                        uuid, "datanode " + uuid + " is " + node.operational().state())
                .size();
        int required = node.operational().state().isMaintenance() ? maintenanceMinimum : REPLICATION_FACTOR;
        int sufficient = 0;
        List<Long> underReplicated = new ArrayList<>();
        List<Long> unclosed = new ArrayList<>();
        for (ContainerInfo container : containers.containers()) {
            if (container.state() == ContainerState.DELETED
                    || !containers.replicaNodes(container.id()).contains(uuid)) {
                continue;
            }
            if (container.state() == ContainerState.OPEN || container.state() == ContainerState.CLOSING) {
                unclosed.add(container.id());
            } else if (ReplicaCounts.of(containers.replicaStates(container.id()), nodes::status)
                            .inService()
                    < required) {
                underReplicated.add(container.id());
            } else {
                sufficient++;
            }
        }
        return new AdminProgress(
                node.datanode(),
                node.operational(),
                startedAt,
                waiting,
                sufficient,
                underReplicated.size(),
                unclosed.size(),
                sample(underReplicated),
                sample(unclosed));
    }

    private static List<Long> sample(List<Long> ids) {
        return ids.size() <= SAMPLE ? ids : ids.subList(0, SAMPLE);
    }

    /**
     * Refuses to take {@code leaving} out of service when they hold containers and fewer than {@code required}
     * IN_SERVICE HEALTHY datanodes would remain.
     */
    @GuardedBy("this")
    private void checkEnoughNodes(List<DatanodeStatus> leaving, int required, String action) {
        if (leaving.isEmpty()) {
            return;
        }
        Set<String> leavingIds = leaving.stream().map(DatanodeStatus::uuid).collect(Collectors.toSet());
        boolean holdsContainers = containers.containers().stream()
                .filter(container -> container.state() != ContainerState.DELETED)
                .anyMatch(container -> !Collections.disjoint(containers.replicaNodes(container.id()), leavingIds));
        if (!holdsContainers) {
            return;
        }
        List<DatanodeStatus> inService = nodes.inServiceHealthy();
        long remaining =
                inService.stream().filter(n -> !leavingIds.contains(n.uuid())).count();
        if (remaining < required) {
            throw new ScmException(
                    ScmErrorCode.INSUFFICIENT_NODES,
                    String.format(
                            Locale.ROOT,
                            "insufficient nodes: %s %d of %d IN_SERVICE HEALTHY datanodes would leave %d, and their "
                                    + "containers need %d; add datanodes or use --force",
                            action,
                            leaving.size(),
                            inService.size(),
                            remaining,
                            required));
        }
    }

    @GuardedBy("this")
    private void start(DatanodeStatus node, OperationalState operational) {
        String uuid = node.uuid();
        change(uuid, operational);
        started.put(uuid, clock.instant());
        tracked.remove(uuid);
        int closed = pipelines
                .closePipelinesOf(uuid, "datanode " + uuid + " is " + operational.state())
                .size();
        LOG.info(
                "{}datanode {} ({}) is {}{}; closed its {} pipelines",
                logPrefix,
                uuid,
                node.datanode().hostName(),
                operational.state(),
                operational.maintenanceEnd().map(end -> " until " + end).orElse(""),
                closed);
        capacityChanged.run();
    }

    @GuardedBy("this")
    private void returnToService(String uuid, String why) {
        change(uuid, OperationalState.IN_SERVICE);
        stopTracking(uuid);
        metrics.recordRecommission();
        LOG.info("{}datanode {} is IN_SERVICE again: {}", logPrefix, uuid, why);
        capacityChanged.run();
    }

    /** Stores, then applies, a node's operational state. */
    private void change(String uuid, OperationalState operational) {
        store.putOperationalState(uuid, operational);
        nodes.setOperationalState(uuid, operational);
    }

    @GuardedBy("this")
    private void stopTracking(String uuid) {
        started.remove(uuid);
        tracked.remove(uuid);
    }

    private static List<DatanodeStatus> inService(List<DatanodeStatus> targets) {
        return targets.stream()
                .filter(t -> t.operational().state() == NodeOperationalState.IN_SERVICE)
                .toList();
    }

    private static List<DatanodeDescriptor> descriptors(List<DatanodeStatus> targets) {
        return targets.stream().map(DatanodeStatus::datanode).toList();
    }

    private static String describe(DatanodeStatus node) {
        return node.uuid() + " (" + node.datanode().hostName() + ")";
    }

    private Map<String, Long> nodesByOperationalState() {
        Map<String, Long> counts = new TreeMap<>();
        for (NodeOperationalState state : NodeOperationalState.values()) {
            counts.put(state.name().toLowerCase(Locale.ROOT), 0L);
        }
        nodes.all()
                .forEach(node ->
                        counts.merge(node.operational().state().name().toLowerCase(Locale.ROOT), 1L, Long::sum));
        return counts;
    }

    private synchronized Map<String, ScmMetrics.AdminCounts> countsPerNode() {
        Map<String, ScmMetrics.AdminCounts> counts = new TreeMap<>();
        tracked.forEach((uuid, progress) -> counts.put(
                uuid,
                new ScmMetrics.AdminCounts(
                        progress.pipelinesWaitingToClose(),
                        progress.underReplicated(),
                        progress.unclosed(),
                        progress.sufficientlyReplicated())));
        return counts;
    }
}
