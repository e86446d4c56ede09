package dev.o3.scm.node;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.scm.topology.RackMapping;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registered datanodes and their health. A node is HEALTHY while it heartbeats, STALE after
 * {@code staleInterval} of silence and DEAD after {@code deadInterval}; {@link #checkHealth()} applies those rules
 * at the injected clock's time and tells the {@link NodeEventListener}. A heartbeat from a STALE or DEAD node makes
 * it HEALTHY again.
 *
 * <p>Thread-safe: state is guarded by {@code this}; listeners run after the lock is released.
 */
public final class NodeManager {
    private static final Logger LOG = LoggerFactory.getLogger(NodeManager.class);

    private final String logPrefix;
    private final Clock clock;
    private final Duration staleInterval;
    private final Duration deadInterval;
    private final RackMapping racks;
    private final NodeEventListener listener;

    @GuardedBy("this")
    private final Map<String, DatanodeStatus> nodes = new LinkedHashMap<>();

    @GuardedBy("this")
    private Instant lastRegistration = Instant.MIN;

    /** Nodes whose last report had no data volume with room ({@link #recordRoom}); read on every block allocation. */
    private final Set<String> full = ConcurrentHashMap.newKeySet();

    /** Operational states kept from before an SCM restart, applied when each node registers again. */
    @GuardedBy("this")
    private final Map<String, OperationalState> restored = new HashMap<>();

    public NodeManager(
            String name,
            Clock clock,
            Duration staleInterval,
            Duration deadInterval,
            RackMapping racks,
            NodeEventListener listener) {
        this.logPrefix = "[" + Objects.requireNonNull(name, "name is null") + "] ";
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.staleInterval = Objects.requireNonNull(staleInterval, "staleInterval is null");
        this.deadInterval = Objects.requireNonNull(deadInterval, "deadInterval is null");
        this.racks = Objects.requireNonNull(racks, "racks is null");
        this.listener = Objects.requireNonNull(listener, "listener is null");
    }

    /**
     * Registers (or re-registers) a datanode; its rack comes from the topology table by host name, then IP address.
     *
     * @return the datanode as SCM keeps it, with its rack
     */
    public DatanodeDescriptor register(DatanodeDescriptor reported, RatisDirs ratisDirs) {
        DatanodeDescriptor datanode = reported.withRack(racks.rackOf(reported.hostName(), reported.ipAddress()));
        DatanodeStatus previous;
        synchronized (this) {
            lastRegistration = clock.instant();
            DatanodeStatus known = nodes.get(datanode.uuid());
            OperationalState operational = known == null
                    ? restored.getOrDefault(datanode.uuid(), OperationalState.IN_SERVICE)
                    : known.operational();
            previous = nodes.put(
                    datanode.uuid(),
                    new DatanodeStatus(datanode, NodeState.HEALTHY, lastRegistration, ratisDirs, operational));
        }
        LOG.info(
                "{}datanode {} ({}/{}) registered on rack {} with {} Ratis dirs ({} failed)",
                logPrefix,
                datanode.uuid(),
                datanode.hostName(),
                datanode.ipAddress(),
                datanode.rack(),
                ratisDirs.healthy(),
                ratisDirs.failed());
        if (previous != null && previous.state() != NodeState.HEALTHY) {
            listener.onStateChange(datanode, previous.state(), NodeState.HEALTHY);
        }
        listener.onRegistered(datanode);
        return datanode;
    }

    /**
     * Records a heartbeat.
     *
     * @param ratisDirs the node's Ratis dirs when its heartbeat carried a node report
     * @return false when the node is unknown (e.g. SCM restarted) and must register again
     */
    public boolean heartbeat(String uuid, Optional<RatisDirs> ratisDirs) {
        DatanodeStatus previous;
        DatanodeStatus current;
        synchronized (this) {
            previous = nodes.get(uuid);
            if (previous == null) {
                return false;
            }
            current = new DatanodeStatus(
                    previous.datanode(),
                    NodeState.HEALTHY,
                    clock.instant(),
                    ratisDirs.orElse(previous.ratisDirs()),
                    previous.operational());
            nodes.put(uuid, current);
        }
        if (current.ratisDirs().failed() > previous.ratisDirs().failed()) {
            LOG.warn(
                    "{}datanode {} reports {} failed Ratis log dirs ({} healthy): its pipeline limit drops",
                    logPrefix,
                    uuid,
                    current.ratisDirs().failed(),
                    current.ratisDirs().healthy());
        }
        if (previous.state() != NodeState.HEALTHY) {
            LOG.info("{}datanode {} is HEALTHY again (was {})", logPrefix, uuid, previous.state());
            listener.onStateChange(current.datanode(), previous.state(), NodeState.HEALTHY);
        }
        return true;
    }

    /** Re-evaluates every node's health at the clock's current time; returns the nodes whose state changed. */
    public List<DatanodeStatus> checkHealth() {
        Instant now = clock.instant();
        List<DatanodeStatus[]> changes = new ArrayList<>();
        synchronized (this) {
            for (Map.Entry<String, DatanodeStatus> entry : nodes.entrySet()) {
                DatanodeStatus status = entry.getValue();
                NodeState state = stateAt(status.lastHeartbeat(), now);
                if (state != status.state()) {
                    DatanodeStatus changed = status.withState(state);
                    entry.setValue(changed);
                    changes.add(new DatanodeStatus[] {status, changed});
                }
            }
        }
        List<DatanodeStatus> changed = new ArrayList<>(changes.size());
        for (DatanodeStatus[] change : changes) {
            LOG.warn(
                    "{}datanode {} is {} (was {}); last heartbeat {}",
                    logPrefix,
                    change[1].uuid(),
                    change[1].state(),
                    change[0].state(),
                    change[1].lastHeartbeat());
            listener.onStateChange(change[1].datanode(), change[0].state(), change[1].state());
            changed.add(change[1]);
        }
        return changed;
    }

    /**
     * Operational states SCM stored before it restarted, by uuid: each node gets its own when it registers (before
     * any listener runs, so a decommissioned node is never placed in a pipeline in between).
     */
    public synchronized void restoreOperationalStates(Map<String, OperationalState> states) {
        restored.putAll(states);
    }

    /**
     * Records what the operator asked of a node; it survives the node's re-registration (the caller persists it for
     * an SCM restart, see {@link #restoreOperationalStates}).
     *
     * @return false when the node is unknown
     */
    public boolean setOperationalState(String uuid, OperationalState operational) {
        Objects.requireNonNull(operational, "operational is null");
        DatanodeStatus previous;
        synchronized (this) {
            previous = nodes.get(uuid);
            if (previous == null) {
                return false;
            }
            nodes.put(uuid, previous.withOperational(operational));
        }
        if (!previous.operational().equals(operational)) {
            LOG.info(
                    "{}datanode {} is {} (was {})",
                    logPrefix,
                    uuid,
                    operational.state(),
                    previous.operational().state());
        }
        return true;
    }

    /**
     * Records whether a node's data volumes can take writes, from the node report it sent: a node whose every volume
     * is full or failed has no room, and SCM gives out no block on a pipeline it belongs to.
     */
    public void recordRoom(String uuid, boolean hasRoom) {
        if (hasRoom ? full.remove(uuid) : full.add(uuid)) {
            if (hasRoom) {
                LOG.info("{}datanode {} has room again: its pipelines take new blocks", logPrefix, uuid);
            } else {
                LOG.warn(
                        "{}datanode {} reports no data volume with room (each is below"
                                + " hdds.datanode.volume.min.free.space, or failed): its pipelines take no new blocks"
                                + " until one has",
                        logPrefix,
                        uuid);
            }
        }
    }

    /** Whether the node's data volumes had room at its last report (true for a node that sent none). */
    public boolean hasRoom(String uuid) {
        return !full.contains(uuid);
    }

    public synchronized Optional<DatanodeStatus> status(String uuid) {
        return Optional.ofNullable(nodes.get(uuid));
    }

    /** Every registered node, in registration order. */
    public synchronized List<DatanodeStatus> all() {
        return List.copyOf(nodes.values());
    }

    public synchronized List<DatanodeStatus> healthy() {
        return nodes.values().stream()
                .filter(status -> status.state() == NodeState.HEALTHY)
                .toList();
    }

    /** HEALTHY nodes that are IN_SERVICE: the only ones that join new pipelines. */
    public synchronized List<DatanodeStatus> inServiceHealthy() {
        return nodes.values().stream()
                .filter(status -> status.state() == NodeState.HEALTHY
                        && status.operational().state() == NodeOperationalState.IN_SERVICE)
                .toList();
    }

    /** Whether no datanode has registered for at least {@code quiet} (true before the first registration). */
    public synchronized boolean registrationsQuietFor(Duration quiet) {
        return lastRegistration.equals(Instant.MIN)
                || Duration.between(lastRegistration, clock.instant()).compareTo(quiet) >= 0;
    }

    /** Registered nodes per health state (lower-case name), every state listed. */
    public synchronized Map<String, Long> countsByState() {
        Map<String, Long> counts = new TreeMap<>();
        for (NodeState state : NodeState.values()) {
            counts.put(state.name().toLowerCase(Locale.ROOT), 0L);
        }
        nodes.values().forEach(node -> counts.merge(node.state().name().toLowerCase(Locale.ROOT), 1L, Long::sum));
        return counts;
    }

    public synchronized int registeredCount() {
        return nodes.size();
    }

    private NodeState stateAt(Instant lastHeartbeat, Instant now) {
        Duration silence = Duration.between(lastHeartbeat, now);
        if (silence.compareTo(deadInterval) >= 0) {
            return NodeState.DEAD;
        }
        return silence.compareTo(staleInterval) >= 0 ? NodeState.STALE : NodeState.HEALTHY;
    }
}
