package dev.o3.scm.config;

import dev.o3.common.config.ConfigGroup;
import dev.o3.common.config.ConfigKey;
import dev.o3.common.config.ConfigType;
import dev.o3.common.config.HostAndPort;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Keys of the Storage Container Manager (names as in Apache Ozone). */
public final class ScmConfigKeys implements ConfigGroup {
    public static final ConfigKey<Integer> DATANODE_PIPELINE_LIMIT = ConfigKey.of(
                    "ozone.scm.datanode.pipeline.limit",
                    ConfigType.intRange(0, 1000),
                    "2",
                    "Maximum open RATIS/THREE pipelines one datanode joins (Multi-Raft). 1 is single-Raft; "
                            + "0 derives it per node as ozone.scm.pipeline.per.metadata.disk x the node's "
                            + "number of healthy Ratis log dirs. A node whose Ratis log dir failed gets its share less "
                            + "(at least 1 while one dir serves, 0 when none does).")
            .withAliases("ozone.datanode.pipeline.limit");
    public static final ConfigKey<Integer> PIPELINES_PER_METADATA_DISK = ConfigKey.of(
            "ozone.scm.pipeline.per.metadata.disk",
            ConfigType.intRange(1, 1000),
            "2",
            "Pipelines per Ratis log dir when ozone.scm.datanode.pipeline.limit is 0.");
    public static final ConfigKey<Integer> RATIS_PIPELINE_LIMIT = ConfigKey.of(
            "ozone.scm.ratis.pipeline.limit",
            ConfigType.intRange(0, Integer.MAX_VALUE),
            "0",
            "Maximum open RATIS/THREE pipelines in the whole cluster; 0 = no limit.");
    public static final ConfigKey<Duration> PIPELINE_CREATION_INTERVAL = ConfigKey.of(
            "ozone.scm.pipeline.creation.interval",
            ConfigType.DURATION_TYPE,
            "120s",
            "How often the background pipeline creator looks for room for new pipelines.");
    public static final ConfigKey<Duration> STALE_NODE_INTERVAL = ConfigKey.of(
            "ozone.scm.stale.node.interval",
            ConfigType.DURATION_TYPE,
            "5m",
            "A datanode with no heartbeat for this long is STALE: SCM closes its pipelines and places new ones on"
                    + " healthy nodes.");
    public static final ConfigKey<Duration> DEAD_NODE_INTERVAL = ConfigKey.of(
            "ozone.scm.dead.node.interval",
            ConfigType.DURATION_TYPE,
            "10m",
            "A datanode with no heartbeat for this long is DEAD: its pipelines close and its containers are "
                    + "re-replicated.");
    public static final ConfigKey<Integer> SAFEMODE_MIN_DATANODES = ConfigKey.of(
            "hdds.scm.safemode.min.datanode",
            ConfigType.intRange(0, Integer.MAX_VALUE),
            "1",
            "SCM leaves safe mode once this many datanodes have registered.");
    public static final ConfigKey<Path> DB_DIRS = ConfigKey.optional(
            "ozone.scm.db.dirs", ConfigType.PATH, "Directory of SCM's RocksDB; defaults to ozone.metadata.dirs/scm.");
    public static final ConfigKey<HostAndPort> HTTP_ADDRESS = ConfigKey.of(
            "ozone.scm.http-address", ConfigType.address(9876), "0.0.0.0:9876", "SCM status server (/prom, /status).");

    public static final ConfigKey<Duration> HEARTBEAT_CHECK_INTERVAL = ConfigKey.of(
            "ozone.scm.heartbeat.thread.interval",
            ConfigType.DURATION_TYPE,
            "3s",
            "How often SCM re-evaluates datanode health (HEALTHY, STALE, DEAD) from heartbeat times.");
    public static final ConfigKey<Integer> OPEN_CONTAINERS_PER_PIPELINE = ConfigKey.of(
            "ozone.scm.pipeline.owner.container.count",
            ConfigType.intRange(1, 1000),
            "3",
            "Most open containers on each open pipeline; blocks are spread round-robin over them. They are created as"
                    + " blocks need them, so a pipeline never holds an empty container that no datanode has.");
    public static final ConfigKey<Duration> BLOCK_DELETION_RETRY_INTERVAL = ConfigKey.of(
            "ozone.scm.block.deletion.retry.interval",
            ConfigType.DURATION_TYPE,
            "60s",
            "A delete-blocks transaction not acknowledged by a datanode within this time is sent again.");

    public static final ConfigKey<Duration> PIPELINE_ALLOCATED_TIMEOUT = ConfigKey.of(
            "ozone.scm.pipeline.allocated.timeout",
            ConfigType.DURATION_TYPE,
            "5m",
            "A pipeline still ALLOCATED (not reported by all three members) after this long is closed, so its "
                    + "members' capacity goes to new pipelines.");

    public static final ConfigKey<Duration> PIPELINE_CREATION_SETTLE_TIME = ConfigKey.of(
            "ozone.scm.pipeline.creation.settle-time",
            ConfigType.DURATION_TYPE,
            "2s",
            "SCM places new pipelines only once no datanode has registered for this long, so datanodes that start "
                    + "together are placed in one round; 0 places at every registration. A datanode that joins "
                    + "later still gets its pipelines: pipelines that hold no data yet are re-formed.");

    public static final ConfigKey<Duration> REPLICATION_INTERVAL = ConfigKey.of(
            "hdds.scm.replication.thread.interval",
            ConfigType.DURATION_TYPE,
            "300s",
            "How often the replication manager scans every container's replicas and sends replicate and delete "
                    + "commands, and close again to replicas left open after their container closed.");
    public static final ConfigKey<Duration> REPLICATION_EVENT_TIMEOUT = ConfigKey.of(
            "hdds.scm.replication.event.timeout",
            ConfigType.DURATION_TYPE,
            "12m",
            "A replicate or delete-container command not confirmed by a container report within this time has "
                    + "failed; the replication manager tries again, a replication on another target.");
    public static final ConfigKey<Duration> REPLICATION_EVENT_TIMEOUT_DATANODE_OFFSET = ConfigKey.of(
            "hdds.scm.replication.event.timeout.datanode.offset",
            ConfigType.DURATION_TYPE,
            "6m",
            "Datanodes drop a replicate or delete-container command this long before SCM gives up on it, so a "
                    + "late copy never races SCM's retry elsewhere.");
    public static final ConfigKey<Integer> REPLICATION_DATANODE_LIMIT = ConfigKey.of(
            "hdds.scm.replication.datanode.replication.limit",
            ConfigType.intRange(1, Integer.MAX_VALUE),
            "20",
            "Replications in flight to one datanode (as target) at most.");
    public static final ConfigKey<Integer> REPLICATION_DATANODE_DELETE_LIMIT = ConfigKey.of(
            "hdds.scm.replication.datanode.delete.container.limit",
            ConfigType.intRange(1, Integer.MAX_VALUE),
            "40",
            "Delete-container commands in flight to one datanode at most.");
    public static final ConfigKey<Double> REPLICATION_INFLIGHT_LIMIT_FACTOR = ConfigKey.of(
            "hdds.scm.replication.inflight.limit.factor",
            ConfigType.doubleRange(0, 1),
            "0.75",
            "Cluster cap on replications in flight: ceil(healthy datanodes x "
                    + "hdds.scm.replication.datanode.replication.limit x this factor); 0 = no cap.");
    public static final ConfigKey<Integer> REPLICATION_CONTAINER_SAMPLE_LIMIT = ConfigKey.of(
            "hdds.scm.replication.container.sample.limit",
            ConfigType.intRange(0, Integer.MAX_VALUE),
            "100",
            "Container ids listed per health state in `ozone admin container report`.");
    public static final ConfigKey<Duration> WAIT_AFTER_SAFEMODE_EXIT = ConfigKey.of(
            "hdds.scm.wait.time.after.safemode.exit",
            ConfigType.DURATION_TYPE,
            "5m",
            "The replication manager sends no command until this long after SCM left safe mode, so datanodes "
                    + "that restart together report their replicas first.");

    @Override
    public String title() {
        return "Storage Container Manager";
    }

    @Override
    public int order() {
        return 10;
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(
                DATANODE_PIPELINE_LIMIT,
                PIPELINES_PER_METADATA_DISK,
                RATIS_PIPELINE_LIMIT,
                PIPELINE_CREATION_INTERVAL,
                STALE_NODE_INTERVAL,
                DEAD_NODE_INTERVAL,
                SAFEMODE_MIN_DATANODES,
                DB_DIRS,
                HTTP_ADDRESS,
                HEARTBEAT_CHECK_INTERVAL,
                OPEN_CONTAINERS_PER_PIPELINE,
                BLOCK_DELETION_RETRY_INTERVAL,
                PIPELINE_ALLOCATED_TIMEOUT,
                PIPELINE_CREATION_SETTLE_TIME,
                REPLICATION_INTERVAL,
                REPLICATION_EVENT_TIMEOUT,
                REPLICATION_EVENT_TIMEOUT_DATANODE_OFFSET,
                REPLICATION_DATANODE_LIMIT,
                REPLICATION_DATANODE_DELETE_LIMIT,
                REPLICATION_INFLIGHT_LIMIT_FACTOR,
                REPLICATION_CONTAINER_SAMPLE_LIMIT,
                WAIT_AFTER_SAFEMODE_EXIT);
    }
}
