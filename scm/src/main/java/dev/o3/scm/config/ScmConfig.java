package dev.o3.scm.config;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.ConfigException;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.scm.node.RatisDirs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * The settings SCM runs with, parsed once at start-up.
 *
 * @param datanodePipelineLimit pipelines per datanode; 0 = derived from each node's Ratis log dirs
 * @param pipelinesPerMetadataDisk pipelines per Ratis log dir when the limit is derived
 * @param clusterPipelineLimit cap on open pipelines in the cluster; 0 = none
 * @param pipelineCreationInterval period of the background pipeline creator
 * @param staleNodeInterval heartbeat silence after which a node is STALE
 * @param deadNodeInterval heartbeat silence after which a node is DEAD
 * @param safeModeMinDatanodes registered datanodes needed to leave safe mode
 * @param dbDirectory RocksDB directory
 * @param httpAddress status server address
 * @param containerSize container close threshold
 * @param blockSize block size handed to clients
 * @param heartbeatCheckInterval period of the node health check
 * @param openContainersPerPipeline open containers kept on each open pipeline
 * @param blockDeletionRetryInterval resend delay of unacknowledged delete-blocks transactions
 * @param pipelineAllocatedTimeout how long a pipeline may stay ALLOCATED before it is closed
 * @param pipelineCreationSettleTime quiet time after the last datanode registration before pipelines are placed
 * @param datanodeAdmin decommission and maintenance settings
 * @param replication the replication manager's settings
 */
public record ScmConfig(
        int datanodePipelineLimit,
        int pipelinesPerMetadataDisk,
        int clusterPipelineLimit,
        Duration pipelineCreationInterval,
        Duration staleNodeInterval,
        Duration deadNodeInterval,
        int safeModeMinDatanodes,
        Path dbDirectory,
        HostAndPort httpAddress,
        DataSize containerSize,
        DataSize blockSize,
        Duration heartbeatCheckInterval,
        int openContainersPerPipeline,
        Duration blockDeletionRetryInterval,
        Duration pipelineAllocatedTimeout,
        Duration pipelineCreationSettleTime,
        DatanodeAdminConfig datanodeAdmin,
        ReplicationConfig replication) {

    public ScmConfig {
        Objects.requireNonNull(pipelineCreationInterval, "pipelineCreationInterval is null");
        Objects.requireNonNull(staleNodeInterval, "staleNodeInterval is null");
        Objects.requireNonNull(deadNodeInterval, "deadNodeInterval is null");
        Objects.requireNonNull(dbDirectory, "dbDirectory is null");
        Objects.requireNonNull(httpAddress, "httpAddress is null");
        Objects.requireNonNull(containerSize, "containerSize is null");
        Objects.requireNonNull(blockSize, "blockSize is null");
        Objects.requireNonNull(heartbeatCheckInterval, "heartbeatCheckInterval is null");
        Objects.requireNonNull(blockDeletionRetryInterval, "blockDeletionRetryInterval is null");
        Objects.requireNonNull(pipelineAllocatedTimeout, "pipelineAllocatedTimeout is null");
        Objects.requireNonNull(pipelineCreationSettleTime, "pipelineCreationSettleTime is null");
        Objects.requireNonNull(datanodeAdmin, "datanodeAdmin is null");
        Objects.requireNonNull(replication, "replication is null");
        if (deadNodeInterval.compareTo(staleNodeInterval) <= 0) {
            throw new ConfigException(ScmConfigKeys.DEAD_NODE_INTERVAL.name() + " (" + deadNodeInterval
                    + ") must be longer than " + ScmConfigKeys.STALE_NODE_INTERVAL.name() + " (" + staleNodeInterval
                    + ")");
        }
        if (blockSize.bytes() > containerSize.bytes()) {
            throw new ConfigException(CommonConfigKeys.BLOCK_SIZE.name() + " (" + blockSize + ") must not exceed "
                    + CommonConfigKeys.CONTAINER_SIZE.name() + " (" + containerSize + ")");
        }
    }

    /**
     * Reads SCM's settings.
     *
     * @throws ConfigException when neither ozone.scm.db.dirs nor ozone.metadata.dirs is set, or values conflict
     */
    public static ScmConfig from(OzoneConfiguration conf) {
        Path db = conf.find(ScmConfigKeys.DB_DIRS)
                .or(() -> conf.find(CommonConfigKeys.METADATA_DIRS).map(dir -> dir.resolve("scm")))
                .orElseThrow(() -> new ConfigException("set " + ScmConfigKeys.DB_DIRS.name() + " or "
                        + CommonConfigKeys.METADATA_DIRS.name() + " to tell SCM where to keep its database"));
        return new ScmConfig(
                conf.get(ScmConfigKeys.DATANODE_PIPELINE_LIMIT),
                conf.get(ScmConfigKeys.PIPELINES_PER_METADATA_DISK),
                conf.get(ScmConfigKeys.RATIS_PIPELINE_LIMIT),
                conf.get(ScmConfigKeys.PIPELINE_CREATION_INTERVAL),
                conf.get(ScmConfigKeys.STALE_NODE_INTERVAL),
                conf.get(ScmConfigKeys.DEAD_NODE_INTERVAL),
                conf.get(ScmConfigKeys.SAFEMODE_MIN_DATANODES),
                db,
                conf.get(ScmConfigKeys.HTTP_ADDRESS),
                conf.get(CommonConfigKeys.CONTAINER_SIZE),
                conf.get(CommonConfigKeys.BLOCK_SIZE),
                conf.get(ScmConfigKeys.HEARTBEAT_CHECK_INTERVAL),
                conf.get(ScmConfigKeys.OPEN_CONTAINERS_PER_PIPELINE),
                conf.get(ScmConfigKeys.BLOCK_DELETION_RETRY_INTERVAL),
                conf.get(ScmConfigKeys.PIPELINE_ALLOCATED_TIMEOUT),
                conf.get(ScmConfigKeys.PIPELINE_CREATION_SETTLE_TIME),
                DatanodeAdminConfig.from(conf),
                ReplicationConfig.from(conf));
    }

    /**
     * The pipeline limit of a datanode with the given Ratis log dirs: the configured limit, else
     * {@code ozone.scm.pipeline.per.metadata.disk} per healthy dir. A failed dir takes its share of either away (at
     * least one pipeline stays while one dir serves); a node whose every dir failed gets none.
     */
    public int pipelineLimitFor(RatisDirs dirs) {
        if (dirs.failed() > 0 && dirs.healthy() == 0) {
            return 0;
        }
        if (datanodePipelineLimit <= 0) {
            return pipelinesPerMetadataDisk * Math.max(1, dirs.healthy());
        }
        if (dirs.failed() == 0) {
            return datanodePipelineLimit;
        }
        return Math.max(1, datanodePipelineLimit * dirs.healthy() / (dirs.healthy() + dirs.failed()));
    }
}
