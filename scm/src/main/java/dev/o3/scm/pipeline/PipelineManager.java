package dev.o3.scm.pipeline;

import dev.o3.scm.command.CommandQueue;
import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.config.ScmConfig;
import dev.o3.scm.metrics.ScmMetrics;
import dev.o3.scm.node.DatanodeStatus;
import dev.o3.scm.node.NodeManager;
import dev.o3.scm.node.NodeOperationalState;
import dev.o3.scm.node.NodeState;
import dev.o3.scm.pipeline.placement.PipelinePlacement;
import dev.o3.scm.pipeline.placement.PlacedPipeline;
import dev.o3.scm.state.ScmStateStore;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
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
 * <p>Re-forming. Placement only adds pipelines, so the order in which datanodes arrive could decide the outcome: when
 * five of six datanodes (limit 3) are placed before the sixth registers, they fill each other's slots with five
 * pipelines and the sixth, alone with free slots, can join none. So when a round leaves free slots on a healthy
 * datanode (or leaves pipelines without 2+1 racks while there are two racks, or leaderships that differ by more than
 * one), it also plans the round as if the pipelines that hold no data yet ({@link
 * PipelineEventListener#holdsData}) were closed; if that plan scores better ({@link PlacementScore}: more pipelines,
 * then fewer without 2+1 racks, then leaders spread more evenly), the fewest of those pipelines that reach the same
 * score (tried 1, 2, 4, ... of them, pipelines without 2+1 racks and the newest first) are closed and placed again.
 * Every re-forming strictly improves the score, so it cannot repeat forever; it waits while a datanode is STALE or a
 * pipeline member has not registered (after an SCM restart); pipelines with data are never touched,
 * so a late datanode in a cluster that already stores data gets only what the free slots allow. A block allocated on
 * a pipeline between the check and its closing fails its write, and the client retries elsewhere, as for any
 * pipeline that closes. Re-forming is the guarantee; SCM's settle time (rounds wait until registrations pause)
 * only makes it rare at start-up.
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
    private final ScmMetrics metrics;
    private final PipelineEventListener listener;

    public PipelineManager(
            String name,
            ScmStateStore store,
            NodeManager nodes,
            CommandQueue commands,
            ScmConfig config,
            Clock clock,
            ScmMetrics metrics,
            PipelineEventListener listener) {
        this.logPrefix = "[" + Objects.requireNonNull(name, "name is null") + "] ";
        this.store = Objects.requireNonNull(store, "store is null");
        this.nodes = Objects.requireNonNull(nodes, "nodes is null");
        this.commands = Objects.requireNonNull(commands, "commands is null");
        this.placement = new PipelinePlacement();
        this.config = Objects.requireNonNull(config, "config is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.metrics = Objects.requireNonNull(metrics, "metrics is null");
        this.listener = Objects.requireNonNull(listener, "listener is null");
    }

    /**
     * Places and allocates as many new pipelines as fit now on the HEALTHY IN_SERVICE nodes (re-forming pipelines
     * without data if that helps); nodes being decommissioned or in maintenance join none.
     */
    public synchronized List<Pipeline> createPipelines() {
        List<DatanodeStatus> healthy = nodes.inServiceHealthy();
        Map<String, String> rackOf = racksOfRegistered();
        PlacementRound round = PlacementRound.plan(placement, config, healthy, rackOf, activePipelines());
        if (mayImprove(round, healthy) && membershipSettled(round.kept(), rackOf)) {
            round = reform(round, healthy, rackOf);
        }
        if (round.placed().pipelines().isEmpty()) {
            int cap = config.clusterPipelineLimit();
            boolean capReached = cap > 0 && round.kept().size() >= cap;
            if (!capReached && round.freeSlotsLeft() >= 3 && round.nodesWithFreeSlots() >= 3) {
                metrics.recordCreationFailure();
                LOG.debug(
                        "{}no pipeline fits: {} free slots on {} healthy nodes",
                        logPrefix,
                        round.freeSlotsLeft(),
                        healthy.size());
            }
            return List.of();
        }
        List<Pipeline> created = new ArrayList<>();
        for (PlacedPipeline placed : round.placed().pipelines()) {
            Pipeline pipeline = Pipeline.allocated(
                    UUID.randomUUID().toString(), placed.memberIds(), placed.leaderId(), clock.millis());
            store.putPipeline(pipeline);
            for (String member : pipeline.memberIds()) {
                commands.add(member, id -> new DatanodeCommand.CreatePipeline(id, pipeline));
            }
            created.add(pipeline);
        }
        metrics.recordPipelinesCreated(created.size(), round.placed().rackFallbacks());
        LOG.info(
                "{}allocated {} pipelines ({} active now, {} without 2+1 racks)",
                logPrefix,
                created.size(),
                round.kept().size() + created.size(),
                round.placed().rackFallbacks());
        return created;
    }

    /** Whether re-forming could help: slots stay free, pipelines lack 2+1 racks that exist, or leaders are uneven. */
    private static boolean mayImprove(PlacementRound round, List<DatanodeStatus> healthy) {
        long racks =
                healthy.stream().map(node -> node.datanode().rack()).distinct().count();
        PlacementScore score = round.score();
        return round.freeSlotsLeft() > 0 || (racks >= 2 && score.rackFallbacks() > 0) || score.leaderSpread() > 1;
    }

    /**
     * The round after re-forming the fewest pipelines without data that give the best score, closing them; or
     * {@code current} when re-forming does not improve it.
     */
    private PlacementRound reform(PlacementRound current, List<DatanodeStatus> healthy, Map<String, String> rackOf) {
        List<Pipeline> empty = new ArrayList<>(
                current.kept().stream().filter(p -> !listener.holdsData(p)).toList());
        if (empty.isEmpty()) {
            return current;
        }
        Collections.reverse(empty);
        empty.sort(Comparator.comparing(p -> spansTwoRacks(p, rackOf)));
        PlacementRound best = planWithout(current.kept(), empty, healthy, rackOf);
        if (!best.score().betterThan(current.score())) {
            return current;
        }
        int closing = empty.size();
        PlacementRound chosen = best;
        for (int count = 1; count < empty.size(); count *= 2) {
            PlacementRound partial = planWithout(current.kept(), empty.subList(0, count), healthy, rackOf);
            if (!best.score().betterThan(partial.score())) {
                closing = count;
                chosen = partial;
                break;
            }
        }
        String reason = "re-formed, " + current.score() + " becomes " + chosen.score();
        LOG.info("{}re-forming {} pipelines that hold no data: {}", logPrefix, closing, reason);
        empty.subList(0, closing).forEach(p -> close(p, reason));
        metrics.recordPipelinesReformed(closing);
        return chosen;
    }

    private PlacementRound planWithout(
            List<Pipeline> active, List<Pipeline> closed, List<DatanodeStatus> healthy, Map<String, String> rackOf) {
        Set<String> closedIds = closed.stream().map(Pipeline::id).collect(Collectors.toSet());
        List<Pipeline> kept =
                active.stream().filter(p -> !closedIds.contains(p.id())).toList();
        return PlacementRound.plan(placement, config, healthy, rackOf, kept);
    }

    private static boolean spansTwoRacks(Pipeline pipeline, Map<String, String> rackOf) {
        return pipeline.memberIds().stream().map(rackOf::get).distinct().count() == 2;
    }

    /**
     * Whether the datanodes are known well enough to re-form: none is STALE (it may be back in a moment, and its
     * pipelines would churn) and every member of a pipeline has registered (after an SCM restart they come back one
     * by one).
     */
    private boolean membershipSettled(List<Pipeline> active, Map<String, String> rackOf) {
        return nodes.all().stream().noneMatch(node -> node.state() == NodeState.STALE)
                && active.stream().allMatch(p -> rackOf.keySet().containsAll(p.memberIds()));
    }

    private Map<String, String> racksOfRegistered() {
        Map<String, String> racks = new HashMap<>();
        nodes.all().forEach(node -> racks.put(node.uuid(), node.datanode().rack()));
        return racks;
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
            if (report.logFailed()) {
                // Writes would fail on this member (or stall the group); its data is safe in the containers, which
                // close with the pipeline and are re-replicated from the other members.
                close(pipeline, "the Raft log of " + datanodeUuid + " failed");
                continue;
            }
            Pipeline updated = pipeline.withReport(datanodeUuid, report.leader());
            if (updated.state() == PipelineState.ALLOCATED && updated.allMembersReported()) {
                updated = updated.withState(PipelineState.OPEN);
                store.putPipeline(updated);
                LOG.info("{}pipeline {} is OPEN, leader {}", logPrefix, updated.id(), updated.leaderId());
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
        metrics.recordPipelineClosed();
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

    /**
     * OPEN pipelines whose members are all IN_SERVICE: where new blocks go (a node being taken out of service gets
     * none, even before its pipelines close).
     */
    public List<Pipeline> writablePipelines() {
        Set<String> inService = nodes.all().stream()
                .filter(node -> node.operational().state() == NodeOperationalState.IN_SERVICE)
                .map(DatanodeStatus::uuid)
                .collect(Collectors.toSet());
        return openPipelines().stream()
                .filter(p -> inService.containsAll(p.memberIds()))
                .toList();
    }

    /** Non-closed pipelines per datanode uuid (healthy nodes in none are included with 0). */
    public Map<String, Integer> pipelineCountsByNode() {
        Map<String, Integer> counts = zeroPerNode();
        PlacementRound.countMembers(activePipelines()).forEach(counts::put);
        return counts;
    }

    /** Leaderships of non-closed pipelines per datanode uuid (reported leader, else suggested). */
    public Map<String, Integer> leaderCountsByNode() {
        Map<String, Integer> counts = zeroPerNode();
        activePipelines().forEach(p -> counts.merge(p.leaderId(), 1, Integer::sum));
        return counts;
    }

    private Map<String, Integer> zeroPerNode() {
        Map<String, Integer> counts = new TreeMap<>();
        nodes.all().forEach(node -> counts.put(node.uuid(), 0));
        return counts;
    }

    private List<Pipeline> activePipelines() {
        return store.pipelines().stream().filter(p -> !p.isClosed()).toList();
    }

    /** Non-closed pipelines per state (lower-case name; closed pipelines are deleted at once). */
    public Map<String, Long> pipelineCountsByState() {
        Map<PipelineState, Long> counts = new EnumMap<>(PipelineState.class);
        counts.put(PipelineState.ALLOCATED, 0L);
        counts.put(PipelineState.OPEN, 0L);
        activePipelines().forEach(p -> counts.merge(p.state(), 1L, Long::sum));
        Map<String, Long> byName = new TreeMap<>();
        counts.forEach((state, count) -> byName.put(state.name().toLowerCase(Locale.ROOT), count));
        return byName;
    }
}
