package dev.o3.scm.server;

import dev.o3.scm.block.BlockManager;
import dev.o3.scm.block.DeletedBlockLog;
import dev.o3.scm.command.CommandQueue;
import dev.o3.scm.command.CommandStatus;
import dev.o3.scm.command.DatanodeCommand;
import dev.o3.scm.config.ScmConfig;
import dev.o3.scm.container.ContainerManager;
import dev.o3.scm.container.ContainerReplicaReport;
import dev.o3.scm.decommission.AdminScope;
import dev.o3.scm.decommission.DatanodeAdminMonitor;
import dev.o3.scm.metrics.ScmMetrics;
import dev.o3.scm.node.DatanodeDescriptor;
import dev.o3.scm.node.NodeEventListener;
import dev.o3.scm.node.NodeManager;
import dev.o3.scm.node.NodeState;
import dev.o3.scm.node.RatisDirs;
import dev.o3.scm.pipeline.PipelineCreationTrigger;
import dev.o3.scm.pipeline.PipelineManager;
import dev.o3.scm.pipeline.PipelineReport;
import dev.o3.scm.replication.ReplicationManager;
import dev.o3.scm.safemode.SafeMode;
import dev.o3.scm.state.ScmStateStore;
import dev.o3.scm.topology.RackMapping;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * SCM's managers wired together, without any network: the state store, node, pipeline, container and block
 * managers, the deleted-block log, safe mode and the decommission and maintenance monitor. It turns datanode
 * registrations and heartbeats into state changes and commands. The gRPC services of {@link ScmServer} translate the
 * wire protocol to these calls; tests drive it directly with a fake clock and a synchronous creation trigger.
 *
 * <p>Thread-safe (each manager is). Lifecycle: construct (opens the database), then {@link #close()}.
 */
public final class StorageContainerManager implements AutoCloseable {
    private final ScmStateStore store;
    private final CommandQueue commands = new CommandQueue();
    private final NodeManager nodes;
    private final PipelineManager pipelines;
    private final ContainerManager containers;
    private final BlockManager blocks;
    private final DeletedBlockLog deletedBlocks;
    private final SafeMode safeMode;
    private final ReplicationManager replication;
    private final ScmMetrics metrics;
    private final DatanodeAdminMonitor datanodeAdmin;
    private final PipelineCreationTrigger trigger;
    private final Duration allocatedTimeout;
    private final Duration deadInterval;
    private final Duration settleTime;
    /** A creation round waited for registrations to settle; the next health check triggers it again. */
    private final AtomicBoolean roundDeferred = new AtomicBoolean();

    private final Clock clock;
    private final Instant startedAt;

    /**
     * Opens SCM's database and wires the managers.
     *
     * @param triggerFactory makes the creation trigger from the creation round (background thread or synchronous)
     * @throws dev.o3.server.db.DbException when the database cannot be opened
     */
    public StorageContainerManager(
            String name,
            ScmConfig config,
            Clock clock,
            RackMapping racks,
            PrometheusRegistry registry,
            Function<Runnable, PipelineCreationTrigger> triggerFactory) {
        this.allocatedTimeout = config.pipelineAllocatedTimeout();
        this.deadInterval = config.deadNodeInterval();
        this.settleTime = config.pipelineCreationSettleTime();
        this.clock = clock;
        this.startedAt = clock.instant();
        this.store = ScmStateStore.open(config.dbDirectory());
        this.metrics = new ScmMetrics(registry);
        this.containers = new ContainerManager(
                name, store, commands, config.containerSize().bytes(), config.openContainersPerPipeline());
        this.nodes = new NodeManager(
                name, clock, config.staleNodeInterval(), config.deadNodeInterval(), racks, new NodeEvents());
        this.pipelines = new PipelineManager(name, store, nodes, commands, config, clock, metrics, containers);
        this.trigger = triggerFactory.apply(this::creationRound);
        this.safeMode = new SafeMode(name, config.safeModeMinDatanodes(), this::safeModeExited);
        this.replication = new ReplicationManager(
                name, config.replication(), clock, containers, nodes, commands, safeMode::inSafeMode, metrics);
        this.blocks = new BlockManager(
                store,
                pipelines,
                containers,
                safeMode,
                nodes::hasRoom,
                config.blockSize().bytes(),
                metrics);
        metrics.registerStateGauges(
                nodes::countsByState,
                pipelines::pipelineCountsByState,
                containers::containerCountsByState,
                safeMode::inSafeMode);
        metrics.registerDatanodeGauges(pipelines::pipelineCountsByNode, pipelines::leaderCountsByNode);
        this.deletedBlocks = new DeletedBlockLog(
                name, store, commands, containers::replicaNodes, clock, config.blockDeletionRetryInterval());
        this.datanodeAdmin = new DatanodeAdminMonitor(
                name,
                config.datanodeAdmin(),
                new AdminScope(nodes, pipelines, containers, store),
                safeMode::inSafeMode,
                trigger::trigger,
                clock,
                metrics);
    }

    /**
     * Registers a datanode and applies the reports it registered with.
     *
     * @return the datanode with the rack SCM assigned
     */
    public DatanodeDescriptor register(
            DatanodeDescriptor datanode,
            RatisDirs ratisDirs,
            List<PipelineReport> pipelineReports,
            List<ContainerReplicaReport> containerReports) {
        DatanodeDescriptor registered = nodes.register(datanode, ratisDirs);
        containers.processReports(registered.uuid(), containerReports);
        pipelines.processReports(registered.uuid(), pipelineReports);
        return registered;
    }

    /**
     * Applies a heartbeat.
     *
     * @param containerReports a full container report, when the heartbeat carried one
     * @return the commands for the datanode, or empty when it is unknown and must register again
     */
    public Optional<List<DatanodeCommand>> heartbeat(
            String datanodeUuid,
            Optional<RatisDirs> ratisDirs,
            List<PipelineReport> pipelineReports,
            Optional<List<ContainerReplicaReport>> containerReports,
            List<CommandStatus> statuses) {
        if (!nodes.heartbeat(datanodeUuid, ratisDirs)) {
            return Optional.empty();
        }
        containerReports.ifPresent(reports -> containers.processReports(datanodeUuid, reports));
        pipelines.processReports(datanodeUuid, pipelineReports);
        statuses.forEach(status -> {
            deletedBlocks.acknowledge(datanodeUuid, status.commandId(), status.success());
            replication.onCommandStatus(datanodeUuid, status.commandId(), status.success());
        });
        List<DatanodeCommand> due = new ArrayList<>(commands.drain(datanodeUuid));
        deletedBlocks.commandFor(datanodeUuid).ifPresent(due::add);
        return Optional.of(due);
    }

    /**
     * Re-evaluates node health at the clock's time (STALE and DEAD nodes' pipelines close), closes pipelines that
     * stayed ALLOCATED too long or whose members never registered; freed capacity is refilled by a creation round, as
     * is a round that waited for registrations to settle.
     */
    public void checkHealth() {
        nodes.checkHealth();
        boolean closed = !pipelines.closeStaleAllocated(allocatedTimeout).isEmpty();
        // Pipelines loaded at start whose members stay away as long as a dead node would are closed too.
        if (Duration.between(startedAt, clock.instant()).compareTo(deadInterval) >= 0) {
            closed |= !pipelines.closePipelinesWithUnregisteredMembers().isEmpty();
        }
        if (closed || roundDeferred.getAndSet(false)) {
            trigger.trigger();
        }
    }

    /** The cluster id, kept in SCM's database. */
    public String clusterId() {
        return store.identity("clusterId");
    }

    /** This SCM's id, kept in its database. */
    public String scmId() {
        return store.identity("scmId");
    }

    public NodeManager nodes() {
        return nodes;
    }

    public PipelineManager pipelines() {
        return pipelines;
    }

    public ContainerManager containers() {
        return containers;
    }

    public BlockManager blocks() {
        return blocks;
    }

    public DeletedBlockLog deletedBlocks() {
        return deletedBlocks;
    }

    public SafeMode safeMode() {
        return safeMode;
    }

    /** Decommission and maintenance of datanodes; {@link DatanodeAdminMonitor#run()} is its periodic check. */
    public DatanodeAdminMonitor datanodeAdmin() {
        return datanodeAdmin;
    }

    /** The replication manager; {@link ReplicationManager#run()} is one pass (SCM's server runs it periodically). */
    public ReplicationManager replication() {
        return replication;
    }

    /** SCM's metrics ({@code o3_scm_*} on {@code /prom}). */
    public ScmMetrics metrics() {
        return metrics;
    }

    /**
     * Places pipelines once safe mode is over and registrations have settled (datanodes starting together are placed
     * in one round); a round that waits is run again by the next {@link #checkHealth()}.
     */
    private void creationRound() {
        if (safeMode.inSafeMode()) {
            return;
        }
        if (!nodes.registrationsQuietFor(settleTime)) {
            roundDeferred.set(true);
            return;
        }
        pipelines.createPipelines();
    }

    private void safeModeExited() {
        replication.onSafeModeExit();
        trigger.trigger();
    }

    @Override
    public void close() {
        store.close();
    }

    /** Node events drive safe mode, pipeline closing and creation rounds. */
    private final class NodeEvents implements NodeEventListener {
        @Override
        public void onRegistered(DatanodeDescriptor datanode) {
            safeMode.datanodesRegistered(nodes.registeredCount());
            trigger.trigger();
        }

        /**
         * A STALE member already closes its pipelines, as in Ozone: they still commit on the other two, but writers
         * are better served by a new pipeline of healthy nodes, which the creation round places at once.
         */
        @Override
        public void onStateChange(DatanodeDescriptor datanode, NodeState previous, NodeState current) {
            if (current == NodeState.STALE || current == NodeState.DEAD) {
                if (current == NodeState.DEAD) {
                    commands.clear(datanode.uuid());
                }
                pipelines.closePipelinesOf(
                        datanode.uuid(),
                        "datanode " + datanode.uuid() + " is " + current.name().toLowerCase(Locale.ROOT));
            }
            trigger.trigger();
        }
    }
}
