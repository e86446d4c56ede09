package dev.o3.datanode.config;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.Objects;

/**
 * Settings of the datanode's Ratis server and its container state machines.
 *
 * @param electionTimeout minimum leader election timeout
 * @param requestTimeout timeout of Raft requests between members
 * @param segmentSize Raft log segment size
 * @param purgeGap log entries kept behind a snapshot
 * @param snapshotThreshold applied entries between snapshots
 * @param dataSyncTimeout how long a log sync waits for chunk data before retrying
 * @param writeChunkThreads chunk writer threads per data volume
 * @param inlineDataMax largest chunk whose data travels inside its Raft log entry
 */
public record RatisServerConfig(
        Duration electionTimeout,
        Duration requestTimeout,
        DataSize segmentSize,
        int purgeGap,
        int snapshotThreshold,
        Duration dataSyncTimeout,
        int writeChunkThreads,
        DataSize inlineDataMax) {
    public RatisServerConfig {
        Objects.requireNonNull(electionTimeout, "electionTimeout is null");
        Objects.requireNonNull(requestTimeout, "requestTimeout is null");
        Objects.requireNonNull(segmentSize, "segmentSize is null");
        Objects.requireNonNull(dataSyncTimeout, "dataSyncTimeout is null");
        Objects.requireNonNull(inlineDataMax, "inlineDataMax is null");
        if (segmentSize.bytes() < 1 << 20) {
            throw new ConfigException(DatanodeConfigKeys.RATIS_SEGMENT_SIZE.name() + " must be at least 1MB");
        }
        if (inlineDataMax.bytes() > segmentSize.bytes() / 16) {
            throw new ConfigException(DatanodeConfigKeys.RATIS_LOG_INLINE_DATA_MAX.name() + " must be at most "
                    + DatanodeConfigKeys.RATIS_SEGMENT_SIZE.name() + " / 16");
        }
    }

    /** Reads the Ratis settings. */
    public static RatisServerConfig from(OzoneConfiguration conf) {
        return new RatisServerConfig(
                conf.get(DatanodeConfigKeys.RATIS_ELECTION_TIMEOUT),
                conf.get(DatanodeConfigKeys.RATIS_REQUEST_TIMEOUT),
                conf.get(DatanodeConfigKeys.RATIS_SEGMENT_SIZE),
                conf.get(DatanodeConfigKeys.RATIS_PURGE_GAP),
                conf.get(DatanodeConfigKeys.RATIS_SNAPSHOT_THRESHOLD),
                conf.get(DatanodeConfigKeys.RATIS_DATA_SYNC_TIMEOUT),
                conf.get(DatanodeConfigKeys.WRITE_CHUNK_THREADS),
                conf.get(DatanodeConfigKeys.RATIS_LOG_INLINE_DATA_MAX));
    }
}
