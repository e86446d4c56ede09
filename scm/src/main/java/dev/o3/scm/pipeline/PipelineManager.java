package dev.o3.scm.pipeline;

import dev.o3.scm.command.CommandQueue;
import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.config.ScmConfig;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.node.NodeManager;
import dev.o3.scm.pipeline.placement.PipelinePlacement;
import dev.o3.scm.pipeline.placement.PlacedPipeline;
import dev.o3.scm.pipeline.placement.PlacementNode;
import dev.o3.scm.pipeline.placement.PlacementResult;
import dev.o3.scm.state.ScmStateStore;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pipeline lifecycle. {@link #createPipelines()} fills the healthy nodes with new RATIS/THREE pipelines up to the
 * per-node limit and the cluster cap (placement by {@link PipelinePlacement}) and sends {@code CreatePipeline} to
 * every member. A pipeline opens once all three members report it ({@link #processReports}); it closes when a
 * member dies ({@link #closePipelinesOf}) and its members get {@code ClosePipeline}; closed pipelines are deleted.
 *
 * <p>Thread-safe: every public method holds {@code this}. Lock order: pipeline manager, then the listener's locks
 * (container manager), then the state store.
 */
public final class PipelineManager {
    private static final Logger LOG = LoggerFactory.getLogger(PipelineManager.class);

    private final String logPrefix;
    private final ScmStateStore store;
    private final NodeManager nodes;
    private final CommandQueue commands;
    private final PipelinePlacement placement;
    private final ScmConfig config;
    private final Clock clock;
    private final PipelineMetrics metrics;
    private final PipelineEventListener listener;

    public PipelineManager(
            String name,
            ScmStateStore store,
            NodeManager nodes,
            CommandQueue commands,
            ScmConfig config,
            Clock clock,
            PrometheusRegistry registry,
            PipelineEventListener listener) {
        this.logPrefix = "[" + Objects.requireNonNull(name, "name is null") + "] ";
        this.store = Objects.requireNonNull(store, "store is null");
        this.nodes = Objects.requireNonNull(nodes, "nodes is null");
        this.commands = Objects.requireNonNull(commands, "commands is null");
        this.placement = new PipelinePlacement();
        this.config = Objects.requireNonNull(config, "config is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.metrics = new PipelineMetrics(registry);
        this.listener = Objects.requireNonNull(listener, "listener is null");
        metrics.registerNodeGauges(registry, this::pipelineCountsByNode, this::leaderCountsByNode);
    }

    /** Places and allocates as many new pipelines as fit now; returns them. */
    public synchronized List<Pipeline> createPipelines() {
        List<Pipeline> active = activePipelines();
        Map<String, Integer> load = countMembers(active);
        Map<String, Integer> leaders = countSuggestedLeaders(active);
        List<PlacementNode> candidates = new ArrayList<>();
        int freeSlots = 0;
        for (DatanodeStatus node : nodes.healthy()) {
            int limit = config.pipelineLimitFor(node.ratisDirs());
            int count = load.getOrDefault(node.uuid(), 0);
            freeSlots += Math.max(0, limit - count);
            candidates.add(new PlacementNode(
                    node.uuid(), node.datanode().rack(), count, leaders.getOrDefault(node.uuid(), 0), limit));
        }
        int cap = config.clusterPipelineLimit();
        int wanted = cap > 0 ? Math.max(0, cap - active.size()) : Integer.MAX_VALUE;
        PlacementResult result = placement.place(
                candidates, active.stream().map(Pipeline::memberIds).toList(), wanted);
        if (result.pipelines().isEmpty()) {
            if (wanted > 0 && freeSlots >= 3 && countWithCapacity(candidates) >= 3) {
                metrics.recordCreationFailure();
                LOG.debug(
                        "{}no pipeline fits: {} free slots on {} healthy nodes",
                        logPrefix,
                        freeSlots,
                        candidates.size());
            }
            return List.of();
        }
        List<Pipeline> created = new ArrayList<>();
        for (PlacedPipeline placed : result.pipelines()) {
            Pipeline pipeline = Pipeline.allocated(
                    UUID.randomUUID().toString(), placed.memberIds(), placed.leaderId(), clock.millis());
            store.putPipeline(pipeline);
            for (String member : pipeline.memberIds()) {
                commands.add(member, id -> new DatanodeCommand.CreatePipeline(id, pipeline));
            }
            created.add(pipeline);
        }
        metrics.recordCreated(created.size(), result.rackFallbacks());
        LOG.info(
                "{}allocated {} pipelines ({} active now, {} without 2+1 racks)",
                logPrefix,
                created.size(),
                active.size() + created.size(),
                result.rackFallbacks());
        return created;
    }

    /** Applies one heartbeat's pipeline reports from {@code datanodeUuid}. */
    public synchronized void processReports(String datanodeUuid, List<PipelineReport> reports) {
        for (PipelineReport report : reports) {
            Pipeline pipeline = store.pipeline(report.pipelineId()).orElse(null);
            if (pipeline == null || pipeline.isClosed() || !pipeline.memberIds().contains(datanodeUuid)) {
                // A group SCM no longer knows (closed, or lost): tell the node to drop it.
                commands.add(datanodeUuid, id -> new DatanodeCommand.ClosePipeline(id, report.pipelineId()));
                continue;
            }
            Pipeline updated = pipeline.withReport(datanodeUuid, report.leader());
            if (updated.state() == PipelineState.ALLOCATED && updated.allMembersReported()) {
                updated = updated.withState(PipelineState.OPEN);
                store.putPipeline(updated);
                LOG.info("{}pipeline {} is OPEN, leader {}", logPrefix, updated.id(), updated.leaderId());
                listener.onOpened(updated);
            } else {
                store.putPipeline(updated);
            }
        }
    }

    /** Closes every non-closed pipeline with {@code datanodeUuid} as a member (the node died). */
    public synchronized List<Pipeline> closePipelinesOf(String datanodeUuid, String reason) {
        List<Pipeline> closed = new ArrayList<>();
        for (Pipeline pipeline : store.pipelines()) {
            if (!pipeline.isClosed() && pipeline.memberIds().contains(datanodeUuid)) {
                closed.add(close(pipeline, reason));
            }
        }
        return closed;
    }

    /** Closes pipelines still ALLOCATED after {@code timeout} (a member never created the group); returns them. */
    public synchronized List<Pipeline> closeStaleAllocated(Duration timeout) {
        long now = clock.millis();
        List<Pipeline> closed = new ArrayList<>();
        for (Pipeline pipeline : store.pipelines()) {
            if (pipeline.state() == PipelineState.ALLOCATED && now - pipeline.creationMillis() >= timeout.toMillis()) {
                closed.add(close(pipeline, "not reported by all members within " + timeout));
            }
        }
        return closed;
    }

    /**
     * Closes non-closed pipelines with a member that is not registered (e.g. a node that never came back after an
     * SCM restart); returns them.
     */
    public synchronized List<Pipeline> closePipelinesWithUnregisteredMembers() {
        Set<String> registered = nodes.all().stream().map(DatanodeStatus::uuid).collect(Collectors.toSet());
        List<Pipeline> closed = new ArrayList<>();
        for (Pipeline pipeline : store.pipelines()) {
            if (!pipeline.isClosed() && !registered.containsAll(pipeline.memberIds())) {
                closed.add(close(pipeline, "a member never registered since SCM started"));
            }
        }
        return closed;
    }

    /** Closes one pipeline; returns false when it is unknown. */
    public synchronized boolean closePipeline(String pipelineId, String reason) {
        return store.pipeline(pipelineId).map(p -> close(p, reason)).isPresent();
    }

    private Pipeline close(Pipeline pipeline, String reason) {
        Pipeline closed = pipeline.withState(PipelineState.CLOSED);
        store.putPipeline(closed);
        listener.onClosed(closed);
        for (String member : closed.memberIds()) {
            commands.add(member, id -> new DatanodeCommand.ClosePipeline(id, closed.id()));
        }
        store.removePipeline(closed.id());
        metrics.recordClosed();
        LOG.info("{}pipeline {} closed: {}", logPrefix, closed.id(), reason);
        return closed;
    }

    public List<Pipeline> pipelines() {
        return store.pipelines();
    }

    /** OPEN pipelines, in creation order. */
    public List<Pipeline> openPipelines() {
        return store.pipelines().stream().filter(Pipeline::isOpen).toList();
    }

    /** Non-closed pipelines per datanode uuid (healthy nodes in none are included with 0). */
    public Map<String, Integer> pipelineCountsByNode() {
        Map<String, Integer> counts = zeroPerNode();
        countMembers(activePipelines()).forEach(counts::put);
        return counts;
    }

    /** Leaderships of non-closed pipelines per datanode uuid (reported leader, else suggested). */
    public Map<String, Integer> leaderCountsByNode() {
        Map<String, Integer> counts = zeroPerNode();
        activePipelines().forEach(p -> counts.merge(p.leaderId(), 1, Integer::sum));
        return counts;
    }

    public PipelineMetrics metrics() {
        return metrics;
    }

    private Map<String, Integer> zeroPerNode() {
        Map<String, Integer> counts = new TreeMap<>();
        nodes.all().forEach(node -> counts.put(node.uuid(), 0));
        return counts;
    }

    private List<Pipeline> activePipelines() {
        return store.pipelines().stream().filter(p -> !p.isClosed()).toList();
    }

    private static Map<String, Integer> countMembers(List<Pipeline> pipelines) {
        Map<String, Integer> counts = new TreeMap<>();
        pipelines.forEach(p -> p.memberIds().forEach(id -> counts.merge(id, 1, Integer::sum)));
        return counts;
    }

    private static Map<String, Integer> countSuggestedLeaders(List<Pipeline> pipelines) {
        Map<String, Integer> counts = new TreeMap<>();
        pipelines.forEach(p -> counts.merge(p.suggestedLeaderId(), 1, Integer::sum));
        return counts;
    }

    private static long countWithCapacity(List<PlacementNode> candidates) {
        return candidates.stream().filter(n -> n.limit() > n.pipelineCount()).count();
    }
}
