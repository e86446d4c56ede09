package dev.o3.scm.metrics;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * Every metric of SCM, named {@code o3_scm_<name>} with a help text. Counters are recorded by the managers through
 * intention-named methods; gauges read the managers' state at scrape time from the suppliers given to
 * {@link #registerStateGauges} and {@link #registerDatanodeGauges}, so they never drift from it. This package
 * depends on no other SCM package, so every manager can record into it.
 *
 * <p>Thread-safe. One instance per SCM, registered in that SCM's registry.
 */
public final class ScmMetrics {
    public static final String NODES = "o3_scm_nodes";
    public static final String PIPELINES = "o3_scm_pipelines";
    public static final String CONTAINERS = "o3_scm_containers";
    public static final String SAFE_MODE = "o3_scm_safe_mode";
    public static final String DATANODE_PIPELINES = "o3_scm_datanode_pipelines";
    public static final String DATANODE_PIPELINE_LEADERS = "o3_scm_datanode_pipeline_leaders";
    public static final String BLOCKS_ALLOCATED = "o3_scm_blocks_allocated";
    public static final String BLOCK_LEASES = "o3_scm_block_leases";
    public static final String PIPELINES_CREATED = "o3_scm_pipelines_created";
    public static final String PIPELINES_CLOSED = "o3_scm_pipelines_closed";
    public static final String PIPELINES_REFORMED = "o3_scm_pipelines_reformed";
    public static final String PIPELINE_CREATION_FAILURES = "o3_scm_pipeline_creation_failures";
    public static final String PIPELINE_RACK_FALLBACKS = "o3_scm_pipeline_rack_fallbacks";
    public static final String ADMIN_NODES = "o3_scm_decommission_maintenance_nodes";
    public static final String ADMIN_PIPELINES_WAITING = "o3_scm_decommission_maintenance_pipelines_waiting_to_close";
    public static final String ADMIN_UNDER_REPLICATED = "o3_scm_decommission_maintenance_containers_under_replicated";
    public static final String ADMIN_UNCLOSED = "o3_scm_decommission_maintenance_containers_unclosed";
    public static final String ADMIN_SUFFICIENT = "o3_scm_decommission_maintenance_containers_sufficiently_replicated";
    public static final String RECOMMISSIONS = "o3_scm_decommission_maintenance_recommissions";
    public static final String REPLICATION_INFLIGHT = "o3_scm_replication_inflight";
    public static final String REPLICATION_CONTAINERS = "o3_scm_replication_containers";
    public static final String REPLICATION_COMMANDS_SENT = "o3_scm_replication_commands_sent";
    public static final String REPLICATION_REPLICAS_CREATED = "o3_scm_replication_replicas_created";
    public static final String REPLICATION_REPLICAS_DELETED = "o3_scm_replication_replicas_deleted";
    public static final String REPLICATION_DEFERRED = "o3_scm_replication_deferred";
    public static final String REPLICATION_FAILED = "o3_scm_replication_failed";

    private final PrometheusRegistry registry;
    private final Counter blocksAllocated;
    private final Counter blockLeases;
    private final Counter pipelinesCreated;
    private final Counter pipelinesClosed;
    private final Counter pipelinesReformed;
    private final Counter creationFailures;
    private final Counter rackFallbacks;
    private final Counter recommissions;
    private final Counter replicationCommands;
    private final Counter replicasCreated;
    private final Counter replicasDeleted;
    private final Counter replicationDeferred;
    private final Counter replicationFailed;

    public ScmMetrics(PrometheusRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry is null");
        blocksAllocated = counter(BLOCKS_ALLOCATED, "Blocks SCM allocated for clients");
        blockLeases = counter(BLOCK_LEASES, "Runs of block ids SCM leased to the leader OM for small keys");
        pipelinesCreated = counter(PIPELINES_CREATED, "RATIS/THREE pipelines SCM allocated");
        pipelinesClosed = counter(PIPELINES_CLOSED, "Pipelines SCM closed (member dead, re-formed, or admin)");
        pipelinesReformed = counter(
                PIPELINES_REFORMED,
                "Pipelines without data SCM closed to place them again, so a datanode that joined late gets pipelines");
        creationFailures = counter(
                PIPELINE_CREATION_FAILURES,
                "Placement rounds that found free capacity but could not create a pipeline");
        rackFallbacks = counter(
                PIPELINE_RACK_FALLBACKS, "Pipelines placed without the 2+1 rack rule (one rack, or racks too unequal)");
        recommissions = counter(
                RECOMMISSIONS, "Datanodes returned to IN_SERVICE (recommission, maintenance end, or died leaving)");
        replicationCommands = Counter.builder()
                .name(REPLICATION_COMMANDS_SENT)
                .help("Replicate and delete-container commands the replication manager queued for datanodes")
                .labelNames("command")
                .register(registry);
        replicasCreated = counter(
                REPLICATION_REPLICAS_CREATED, "Replicas a container report confirmed after a replicate command");
        replicasDeleted = counter(
                REPLICATION_REPLICAS_DELETED, "Replicas a container report confirmed gone after a delete command");
        replicationDeferred = counter(
                REPLICATION_DEFERRED,
                "Containers the replication manager left for a later pass: in-flight limits reached or no target");
        replicationFailed = counter(
                REPLICATION_FAILED,
                "Replicate and delete commands that expired, failed on the datanode, or whose node died");
    }

    /**
     * Counts of one datanode being decommissioned or entering maintenance, as of the admin monitor's last check.
     *
     * @param pipelinesWaitingToClose pipelines the node was still in
     * @param underReplicated closed containers with too few healthy replicas on IN_SERVICE nodes
     * @param unclosed containers still OPEN or CLOSING
     * @param sufficientlyReplicated containers safe without the node
     */
    public record AdminCounts(
            int pipelinesWaitingToClose, int underReplicated, int unclosed, int sufficientlyReplicated) {}

    /**
     * Registers the decommission and maintenance gauges, read at scrape time.
     *
     * @param nodesByState registered datanodes per operational state (label {@code state})
     * @param countsPerNode the counts of each datanode being taken out of service (label {@code datanode})
     */
    public void registerDatanodeAdminGauges(
            Supplier<Map<String, Long>> nodesByState, Supplier<Map<String, AdminCounts>> countsPerNode) {
        labelled(ADMIN_NODES, "Registered datanodes by operational state", "state", nodesByState);
        labelled(
                ADMIN_PIPELINES_WAITING,
                "Pipelines a datanode being decommissioned or entering maintenance was still in at the last check",
                "datanode",
                () -> perNode(countsPerNode, AdminCounts::pipelinesWaitingToClose));
        labelled(
                ADMIN_UNDER_REPLICATED,
                "Containers of a datanode being taken out of service that lack healthy replicas elsewhere",
                "datanode",
                () -> perNode(countsPerNode, AdminCounts::underReplicated));
        labelled(
                ADMIN_UNCLOSED,
                "Containers of a datanode being taken out of service that are not closed yet",
                "datanode",
                () -> perNode(countsPerNode, AdminCounts::unclosed));
        labelled(
                ADMIN_SUFFICIENT,
                "Containers of a datanode being taken out of service that are safe without it",
                "datanode",
                () -> perNode(countsPerNode, AdminCounts::sufficientlyReplicated));
    }

    private static Map<String, Integer> perNode(
            Supplier<Map<String, AdminCounts>> counts, ToIntFunction<AdminCounts> field) {
        Map<String, Integer> values = new TreeMap<>();
        counts.get().forEach((node, nodeCounts) -> values.put(node, field.applyAsInt(nodeCounts)));
        return values;
    }

    public void recordRecommission() {
        recommissions.inc();
    }

    public long recommissions() {
        return (long) recommissions.get();
    }

    /**
     * Registers the replication manager's gauges, read at scrape time.
     *
     * @param inflight commands in flight per operation (label {@code op}: add, delete)
     * @param containersByHealth containers per health state of the last scan (label {@code health})
     */
    public void registerReplicationGauges(
            Supplier<Map<String, Integer>> inflight, Supplier<Map<String, Long>> containersByHealth) {
        labelled(REPLICATION_INFLIGHT, "Replication manager commands in flight by operation", "op", inflight);
        labelled(
                REPLICATION_CONTAINERS,
                "Closed containers by replication health at the last scan",
                "health",
                containersByHealth);
    }

    /** The replication manager queued a command ({@code replicate} or {@code delete}). */
    public void recordReplicationCommand(String command) {
        replicationCommands.labelValues(command).inc();
    }

    public void recordReplicasCreated(int replicas) {
        replicasCreated.inc(replicas);
    }

    public void recordReplicasDeleted(int replicas) {
        replicasDeleted.inc(replicas);
    }

    public void recordReplicationDeferred() {
        replicationDeferred.inc();
    }

    public void recordReplicationFailed(int commands) {
        replicationFailed.inc(commands);
    }

    public long replicationCommands(String command) {
        return (long) replicationCommands.labelValues(command).get();
    }

    public long replicationFailures() {
        return (long) replicationFailed.get();
    }

    public long replicationDeferrals() {
        return (long) replicationDeferred.get();
    }

    public long replicasCreated() {
        return (long) replicasCreated.get();
    }

    public long replicasDeleted() {
        return (long) replicasDeleted.get();
    }

    /**
     * Registers the gauges of SCM's state, read at scrape time.
     *
     * @param nodesByState registered datanodes per health state (label {@code state})
     * @param pipelinesByState non-closed pipelines per lifecycle state (label {@code state})
     * @param containersByState containers per lifecycle state (label {@code state})
     * @param inSafeMode whether SCM is in safe mode
     */
    public void registerStateGauges(
            Supplier<Map<String, Long>> nodesByState,
            Supplier<Map<String, Long>> pipelinesByState,
            Supplier<Map<String, Long>> containersByState,
            BooleanSupplier inSafeMode) {
        labelled(NODES, "Registered datanodes by health state", "state", nodesByState);
        labelled(PIPELINES, "Non-closed RATIS/THREE pipelines by state", "state", pipelinesByState);
        labelled(CONTAINERS, "Containers by lifecycle state", "state", containersByState);
        GaugeWithCallback.builder()
                .name(SAFE_MODE)
                .help("1 while SCM is in safe mode (no blocks, no pipelines), 0 once it left")
                .callback(callback -> callback.call(inSafeMode.getAsBoolean() ? 1 : 0))
                .register(registry);
    }

    /** Registers the per-datanode gauges (label {@code datanode}), read at scrape time. */
    public void registerDatanodeGauges(
            Supplier<Map<String, Integer>> pipelinesPerNode, Supplier<Map<String, Integer>> leadersPerNode) {
        labelled(
                DATANODE_PIPELINES,
                "Non-closed RATIS/THREE pipelines each datanode is a member of",
                "datanode",
                pipelinesPerNode);
        labelled(
                DATANODE_PIPELINE_LEADERS,
                "Non-closed pipelines each datanode leads (reported, else suggested leader)",
                "datanode",
                leadersPerNode);
    }

    public void recordBlocksAllocated(int blocks) {
        blocksAllocated.inc(blocks);
    }

    public void recordBlockLeases(int leases) {
        blockLeases.inc(leases);
    }

    /** A placement round allocated {@code pipelines}, {@code fallbacks} of them without 2+1 racks. */
    public void recordPipelinesCreated(int pipelines, int fallbacks) {
        pipelinesCreated.inc(pipelines);
        rackFallbacks.inc(fallbacks);
    }

    public void recordPipelineClosed() {
        pipelinesClosed.inc();
    }

    public void recordPipelinesReformed(int pipelines) {
        pipelinesReformed.inc(pipelines);
    }

    public void recordCreationFailure() {
        creationFailures.inc();
    }

    public long rackFallbacks() {
        return (long) rackFallbacks.get();
    }

    public long creationFailures() {
        return (long) creationFailures.get();
    }

    public long pipelinesReformed() {
        return (long) pipelinesReformed.get();
    }

    private Counter counter(String name, String help) {
        return Counter.builder().name(name).help(help).register(registry);
    }

    private <N extends Number> void labelled(String name, String help, String label, Supplier<Map<String, N>> values) {
        GaugeWithCallback.builder()
                .name(name)
                .help(help)
                .labelNames(label)
                .callback(callback ->
                        values.get().forEach((labelValue, value) -> callback.call(value.doubleValue(), labelValue)))
                .register(registry);
    }
}
