package dev.o3.scm.container;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.o3.scm.command.CommandQueue;
import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.pipeline.Pipeline;
import dev.o3.scm.pipeline.PipelineEventListener;
import dev.o3.scm.state.ScmStateStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Containers on pipelines. Each OPEN pipeline has up to {@code openPerPipeline} OPEN containers with room left, created
 * as blocks need them; blocks go round-robin over them ({@link #allocate}). A container whose allocated bytes reach
 * the container size takes no new blocks but stays OPEN, because writers of the blocks it already handed out are
 * still streaming into it (closing it then would fail them all); it moves to CLOSING once its replicas report
 * {@link #CLOSE_THRESHOLD} of the container size used, or when its pipeline closes. Its pipeline members then get
 * {@code CloseContainer}; it is CLOSED (or QUASI_CLOSED) once a replica reports so. A replica reported UNHEALTHY (the
 * datanode's scanner found it corrupt) closes an OPEN container the same way, and the container is UNHEALTHY while
 * every replica reported so is (for a closed container, once all three have reported).
 *
 * <p>Thread-safe: every public method holds {@code this}. Called under the pipeline manager's lock (open/close
 * events), never calls back into it.
 */
public final class ContainerManager implements PipelineEventListener {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerManager.class);
    /** Share of the container size whose reported use closes a container (Ozone's hdds.container.close.threshold). */
    static final double CLOSE_THRESHOLD = 0.9;
    /** Replicas of a closed container (Ratis, three copies). */
    private static final int CLOSED_REPLICAS = 3;

    private final String logPrefix;
    private final ScmStateStore store;
    private final CommandQueue commands;
    private final long containerSize;
    private final int openPerPipeline;

    @GuardedBy("this")
    private final Map<String, Integer> cursorByPipeline = new HashMap<>();

    /** The last report of each replica: datanode uuid to replica, by container id. */
    @GuardedBy("this")
    private final Map<Long, Map<String, ContainerReplica>> replicas = new HashMap<>();

    /** Pipelines on which a block was allocated or a replica reported data: never re-formed. */
    @GuardedBy("this")
    private final Set<String> pipelinesWithData = new HashSet<>();

    /**
     * Per pipeline, its OPEN containers with room as last stored: what allocation picks from. Full containers stay
     * OPEN until their replicas report them used, so scanning every OPEN container per block grew with every
     * container ever filled; this list is rebuilt only after a change it cannot follow (dropped, then rebuilt on use).
     */
    @GuardedBy("this")
    private final Map<String, List<ContainerInfo>> allocatable = new HashMap<>();

    public ContainerManager(
            String name, ScmStateStore store, CommandQueue commands, long containerSize, int openPerPipeline) {
        this.logPrefix = "[" + Objects.requireNonNull(name, "name is null") + "] ";
        this.store = Objects.requireNonNull(store, "store is null");
        this.commands = Objects.requireNonNull(commands, "commands is null");
        if (containerSize <= 0 || openPerPipeline <= 0) {
            throw new IllegalArgumentException(
                    "containerSize and openPerPipeline must be positive: " + containerSize + ", " + openPerPipeline);
        }
        this.containerSize = containerSize;
        this.openPerPipeline = openPerPipeline;
        synchronized (this) {
            for (ContainerInfo container : store.containers()) {
                if (holdsData(container)) {
                    pipelinesWithData.add(container.pipelineId());
                }
            }
        }
    }

    private static boolean holdsData(ContainerInfo container) {
        return !container.isOpen()
                || container.allocatedBytes() > 0
                || container.usedBytes() > 0
                || container.keyCount() > 0;
    }

    @Override
    public synchronized void onClosed(Pipeline pipeline) {
        for (ContainerInfo container : store.openContainers(pipeline.id())) {
            startClosing(container, pipeline, true, "pipeline closed");
        }
        cursorByPipeline.remove(pipeline.id());
        allocatable.remove(pipeline.id());
        pipelinesWithData.remove(pipeline.id());
    }

    @Override
    public synchronized boolean holdsData(Pipeline pipeline) {
        return pipelinesWithData.contains(pipeline.id());
    }

    /**
     * Reserves {@code bytes} in the pipeline's next open container (round-robin), skipping excluded containers. The
     * pipeline's containers are created as blocks need them, up to {@code openPerPipeline}: a container no block went
     * to would have no replica anywhere (datanodes create theirs at the first write) and so look lost to every check.
     *
     * @return the container, or empty when every open container of the pipeline is excluded
     */
    public synchronized Optional<ContainerInfo> allocate(Pipeline pipeline, long bytes, Set<Long> excluded) {
        List<ContainerInfo> open = openContainers(pipeline.id());
        int slots = Math.max(open.size(), openPerPipeline);
        int cursor = cursorByPipeline.getOrDefault(pipeline.id(), 0);
        for (int attempt = 0; attempt < slots; attempt++) {
            int slot = Math.floorMod(cursor + attempt, slots);
            if (slot >= open.size()) {
                slot = open.size();
                open.add(create(pipeline.id()));
            }
            ContainerInfo candidate = open.get(slot);
            if (excluded.contains(candidate.id())) {
                continue;
            }
            cursorByPipeline.put(pipeline.id(), cursor + attempt + 1);
            pipelinesWithData.add(pipeline.id());
            ContainerInfo updated = candidate.withAllocated(bytes);
            store.putContainer(updated);
            if (hasRoom(updated)) {
                open.set(slot, updated);
            } else {
                LOG.debug("{}container {} is fully allocated; new blocks go elsewhere", logPrefix, updated.id());
                open.remove(slot);
            }
            return Optional.of(updated);
        }
        return Optional.empty();
    }

    /**
     * Takes back {@code bytes} that were counted as allocated in the container and never used (what a block lease did
     * not hand out), so an OPEN container takes blocks again; a container no longer OPEN is left as it is.
     */
    public synchronized void release(long containerId, long bytes) {
        store.container(containerId).filter(ContainerInfo::isOpen).ifPresent(container -> {
            store.putContainer(container.withAllocated(-Math.min(bytes, container.allocatedBytes())));
            allocatable.remove(container.pipelineId());
        });
    }

    /**
     * Applies a datanode's full container report: a replica the node reported before and no longer lists is gone
     * (deleted, or on a failed volume).
     */
    public synchronized void processReports(String datanodeUuid, List<ContainerReplicaReport> reports) {
        Set<Long> listed = new HashSet<>();
        for (ContainerReplicaReport report : reports) {
            if (report.state() != ContainerState.DELETED) {
                listed.add(report.containerId());
            }
        }
        replicas.entrySet().removeIf(entry -> {
            if (!listed.contains(entry.getKey())) {
                entry.getValue().remove(datanodeUuid);
            }
            return entry.getValue().isEmpty();
        });
        for (ContainerReplicaReport report : reports) {
            if (report.state() == ContainerState.DELETED) {
                continue;
            }
            replicas.computeIfAbsent(report.containerId(), id -> new HashMap<>())
                    .put(
                            datanodeUuid,
                            new ContainerReplica(
                                    datanodeUuid,
                                    report.state(),
                                    report.bcsid(),
                                    report.usedBytes(),
                                    report.keyCount()));
            Optional<ContainerInfo> container = store.container(report.containerId());
            if (container.isPresent()) {
                applyReport(container.get(), report);
            }
        }
    }

    @GuardedBy("this")
    private void applyReport(ContainerInfo container, ContainerReplicaReport report) {
        if (report.usedBytes() > 0 || report.keyCount() > 0 || report.state() == ContainerState.UNHEALTHY) {
            pipelinesWithData.add(container.pipelineId());
        }
        ContainerInfo updated = withReport(container, report);
        if (!updated.equals(container)) {
            store.putContainer(updated);
            allocatable.remove(updated.pipelineId());
        }
        boolean unhealthyReplica = report.state() == ContainerState.UNHEALTHY;
        if (updated.isOpen() && (unhealthyReplica || updated.usedBytes() >= CLOSE_THRESHOLD * containerSize)) {
            Optional<Pipeline> pipeline = store.pipeline(updated.pipelineId());
            if (pipeline.isPresent()) {
                startClosing(updated, pipeline.get(), false, unhealthyReplica ? "a replica is unhealthy" : "full");
                updated = updated.withState(ContainerState.CLOSING);
            }
        }
        if (unhealthyReplica && updated.state() != ContainerState.UNHEALTHY && noHealthyReplica(updated)) {
            store.putContainer(updated.withState(ContainerState.UNHEALTHY));
            allocatable.remove(updated.pipelineId());
            LOG.warn("{}container {} is UNHEALTHY: every reported replica is", logPrefix, container.id());
        }
    }

    /** The container with the report's usage (counters only grow) and a final replica state (CLOSED wins). */
    private ContainerInfo withReport(ContainerInfo container, ContainerReplicaReport report) {
        ContainerInfo updated = container;
        if (report.usedBytes() > container.usedBytes() || report.keyCount() > container.keyCount()) {
            updated = updated.withUsage(
                    Math.max(report.usedBytes(), container.usedBytes()),
                    Math.max(report.keyCount(), container.keyCount()));
        }
        boolean replicaFinal = report.state() == ContainerState.CLOSED || report.state() == ContainerState.QUASI_CLOSED;
        if (replicaFinal && container.state() != ContainerState.CLOSED && container.state() != report.state()) {
            updated = updated.withState(report.state());
            LOG.info("{}container {} is {}", logPrefix, container.id(), report.state());
        }
        return updated;
    }

    /**
     * Whether every replica reported is unhealthy. A closed or quasi-closed container needs all {@link
     * #CLOSED_REPLICAS} to have reported so: after a restart SCM knows only the replicas reported since, and the
     * first of them being corrupt says nothing about the others.
     */
    @GuardedBy("this")
    private boolean noHealthyReplica(ContainerInfo container) {
        Map<String, ContainerReplica> known = replicas.getOrDefault(container.id(), Map.of());
        boolean closed = container.state() == ContainerState.CLOSED || container.state() == ContainerState.QUASI_CLOSED;
        return (!closed || known.size() >= CLOSED_REPLICAS)
                && known.values().stream().allMatch(replica -> replica.state() == ContainerState.UNHEALTHY);
    }

    /** Datanodes holding a replica of the container: reported ones, else its pipeline's members. */
    public synchronized Set<String> replicaNodes(long containerId) {
        Map<String, ContainerReplica> reported = replicas.get(containerId);
        if (reported != null && !reported.isEmpty()) {
            return Set.copyOf(reported.keySet());
        }
        return store.container(containerId)
                .flatMap(c -> store.pipeline(c.pipelineId()))
                .map(p -> Set.copyOf(p.memberIds()))
                .orElse(Set.of());
    }

    /**
     * Datanodes to read the container from, best first: an OPEN or CLOSING container's pipeline members (its replicas
     * may not have reported yet), else the nodes holding a CLOSED or QUASI_CLOSED replica, CLOSED and highest BCSID
     * first. A closed container's replicas move (re-replication, decommission), so this, not the pipeline a block was
     * written on, is where a reader finds it. Empty when the container is unknown or no replica can serve it.
     */
    public synchronized List<String> readReplicas(long containerId) {
        Optional<ContainerInfo> container = store.container(containerId);
        if (container.isEmpty()) {
            return List.of();
        }
        if (container.get().isOpen() || container.get().state() == ContainerState.CLOSING) {
            Optional<Pipeline> pipeline = store.pipeline(container.get().pipelineId());
            if (pipeline.isPresent()) {
                return List.copyOf(pipeline.get().memberIds());
            }
        }
        return replicas.getOrDefault(containerId, Map.of()).values().stream()
                .filter(replica ->
                        replica.state() == ContainerState.CLOSED || replica.state() == ContainerState.QUASI_CLOSED)
                .sorted(Comparator.comparing((ContainerReplica replica) -> replica.state() != ContainerState.CLOSED)
                        .thenComparing(Comparator.comparingLong(ContainerReplica::bcsid)
                                .reversed()))
                .map(ContainerReplica::datanodeUuid)
                .toList();
    }

    public synchronized Set<String> reportedReplicas(long containerId) {
        return Set.copyOf(replicas.getOrDefault(containerId, Map.of()).keySet());
    }

    /** The last reported state of each replica of the container, by datanode uuid. */
    public synchronized Map<String, ContainerState> replicaStates(long containerId) {
        Map<String, ContainerState> states = new HashMap<>();
        replicas.getOrDefault(containerId, Map.of()).forEach((node, replica) -> states.put(node, replica.state()));
        return Map.copyOf(states);
    }

    /** The container's replicas as last reported, in no particular order. */
    public synchronized List<ContainerReplica> replicas(long containerId) {
        return List.copyOf(replicas.getOrDefault(containerId, Map.of()).values());
    }

    /** Every container's reported replicas, by container id (one consistent snapshot). */
    public synchronized Map<Long, List<ContainerReplica>> allReplicas() {
        Map<Long, List<ContainerReplica>> all = new HashMap<>();
        replicas.forEach((id, byNode) -> all.put(id, List.copyOf(byNode.values())));
        return all;
    }

    /**
     * Marks a CLOSED container that no datanode holds any more DELETED (the replication manager deleted the replicas
     * of a container that never held a block).
     *
     * @return whether it was marked
     */
    public synchronized boolean markDeleted(long containerId) {
        Optional<ContainerInfo> container = store.container(containerId);
        if (container.isEmpty()
                || container.get().state() != ContainerState.CLOSED
                || !replicas.getOrDefault(containerId, Map.of()).isEmpty()) {
            return false;
        }
        store.putContainer(container.get().withState(ContainerState.DELETED));
        LOG.info("{}container {} is DELETED: it held no block and no replica is left", logPrefix, containerId);
        return true;
    }

    /** The container as stored. */
    public Optional<ContainerInfo> container(long containerId) {
        return store.container(containerId);
    }

    /**
     * Starts closing an OPEN container on the operator's request: CLOSING, and its pipeline's members get
     * {@code CloseContainer}. A container that is not OPEN (already closing or closed), or unknown, is left as it is.
     */
    public synchronized void closeContainer(long containerId) {
        Optional<ContainerInfo> found = store.container(containerId);
        if (found.isEmpty() || !found.get().isOpen()) {
            return;
        }
        ContainerInfo container = found.get();
        Optional<Pipeline> pipeline = store.pipeline(container.pipelineId());
        if (pipeline.isPresent()) {
            startClosing(container, pipeline.get(), false, "operator request");
        } else {
            store.putContainer(container.withState(ContainerState.CLOSING));
            allocatable.remove(container.pipelineId());
        }
    }

    public List<ContainerInfo> containers() {
        return store.containers();
    }

    /**
     * Sends {@code CloseContainer} again to every OPEN or CLOSING replica, on a node {@code live} accepts, of a
     * container SCM no longer holds OPEN (Ozone's ClosingContainerHandler and MismatchedReplicasHandler). The first
     * command can be lost: the node restarted and its queue was dropped, leadership moved as it arrived, or the close
     * through Raft timed out; such a replica would stay open for good, never counted as a final copy. The command is
     * forced where the pipeline is closed or the node is not its member, so a replica without its group quasi-closes;
     * closing is idempotent, so a close still in flight does no harm.
     *
     * @return the commands queued
     */
    public synchronized int closeReplicasLeftOpen(Predicate<String> live) {
        int sent = 0;
        for (Map.Entry<Long, Map<String, ContainerReplica>> entry : replicas.entrySet()) {
            Optional<ContainerInfo> container = store.container(entry.getKey());
            if (container.isEmpty()
                    || container.get().isOpen()
                    || container.get().state() == ContainerState.DELETED) {
                continue;
            }
            String pipelineId = container.get().pipelineId();
            Optional<Pipeline> pipeline = store.pipeline(pipelineId).filter(p -> !p.isClosed());
            for (ContainerReplica replica : entry.getValue().values()) {
                boolean unclosed = replica.state() == ContainerState.OPEN || replica.state() == ContainerState.CLOSING;
                if (unclosed && live.test(replica.datanodeUuid())) {
                    boolean force = pipeline.map(p -> !p.memberIds().contains(replica.datanodeUuid()))
                            .orElse(true);
                    commands.add(
                            replica.datanodeUuid(),
                            id -> new DatanodeCommand.CloseContainer(id, entry.getKey(), pipelineId, force));
                    sent++;
                }
            }
        }
        return sent;
    }

    /** Containers per lifecycle state (lower-case name), every state listed. */
    public Map<String, Long> containerCountsByState() {
        Map<ContainerState, Long> counts = new EnumMap<>(ContainerState.class);
        for (ContainerState state : ContainerState.values()) {
            counts.put(state, 0L);
        }
        store.containers().forEach(c -> counts.merge(c.state(), 1L, Long::sum));
        Map<String, Long> byName = new TreeMap<>();
        counts.forEach((state, count) -> byName.put(state.name().toLowerCase(Locale.ROOT), count));
        return byName;
    }

    /** The pipeline's OPEN containers that still take new blocks (the cached list itself: allocation updates it). */
    @GuardedBy("this")
    private List<ContainerInfo> openContainers(String pipelineId) {
        return allocatable.computeIfAbsent(
                pipelineId,
                id -> new ArrayList<>(
                        store.openContainers(id).stream().filter(this::hasRoom).toList()));
    }

    private boolean hasRoom(ContainerInfo container) {
        return container.allocatedBytes() < containerSize;
    }

    @GuardedBy("this")
    private ContainerInfo create(String pipelineId) {
        ContainerInfo created = store.allocateContainer(pipelineId);
        LOG.debug("{}container {} created on pipeline {}", logPrefix, created.id(), pipelineId);
        return created;
    }

    @GuardedBy("this")
    private void startClosing(ContainerInfo container, Pipeline pipeline, boolean force, String why) {
        store.putContainer(container.withState(ContainerState.CLOSING));
        allocatable.remove(container.pipelineId());
        for (String member : pipeline.memberIds()) {
            commands.add(member, id -> new DatanodeCommand.CloseContainer(id, container.id(), pipeline.id(), force));
        }
        LOG.info(
                "{}container {} is CLOSING ({}), {} bytes allocated",
                logPrefix,
                container.id(),
                why,
                container.allocatedBytes());
    }
}
