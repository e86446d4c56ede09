package dev.o3.scm.config;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.Objects;

/**
 * The replication manager's settings (Apache Ozone's {@code hdds.scm.replication.*} keys).
 *
 * @param interval period of the full scan
 * @param eventTimeout SCM's deadline of a replicate or delete-container command
 * @param datanodeDeadlineOffset how much earlier than SCM the datanode drops such a command
 * @param datanodeReplicationLimit replications in flight to one target datanode
 * @param datanodeDeleteLimit delete-container commands in flight to one datanode
 * @param inflightLimitFactor cluster cap factor on replications in flight (0 = no cap)
 * @param sampleLimit container ids listed per health state in the report
 * @param waitAfterSafeModeExit quiet time after safe mode exit before the first command
 */
public record ReplicationConfig(
        Duration interval,
        Duration eventTimeout,
        Duration datanodeDeadlineOffset,
        int datanodeReplicationLimit,
        int datanodeDeleteLimit,
        double inflightLimitFactor,
        int sampleLimit,
        Duration waitAfterSafeModeExit) {
    public ReplicationConfig {
        Objects.requireNonNull(interval, "interval is null");
        Objects.requireNonNull(eventTimeout, "eventTimeout is null");
        Objects.requireNonNull(datanodeDeadlineOffset, "datanodeDeadlineOffset is null");
        Objects.requireNonNull(waitAfterSafeModeExit, "waitAfterSafeModeExit is null");
        if (datanodeDeadlineOffset.compareTo(eventTimeout) >= 0) {
            throw new ConfigException(ScmConfigKeys.REPLICATION_EVENT_TIMEOUT_DATANODE_OFFSET.name() + " ("
                    + datanodeDeadlineOffset + ") must be shorter than "
                    + ScmConfigKeys.REPLICATION_EVENT_TIMEOUT.name() + " (" + eventTimeout + ")");
        }
    }

    public static ReplicationConfig from(OzoneConfiguration conf) {
        return new ReplicationConfig(
                conf.get(ScmConfigKeys.REPLICATION_INTERVAL),
                conf.get(ScmConfigKeys.REPLICATION_EVENT_TIMEOUT),
                conf.get(ScmConfigKeys.REPLICATION_EVENT_TIMEOUT_DATANODE_OFFSET),
                conf.get(ScmConfigKeys.REPLICATION_DATANODE_LIMIT),
                conf.get(ScmConfigKeys.REPLICATION_DATANODE_DELETE_LIMIT),
                conf.get(ScmConfigKeys.REPLICATION_INFLIGHT_LIMIT_FACTOR),
                conf.get(ScmConfigKeys.REPLICATION_CONTAINER_SAMPLE_LIMIT),
                conf.get(ScmConfigKeys.WAIT_AFTER_SAFEMODE_EXIT));
    }

    /** The cluster cap on replications in flight for {@code healthyNodes}; {@link Integer#MAX_VALUE} = no cap. */
    public int clusterReplicationLimit(int healthyNodes) {
        if (inflightLimitFactor == 0) {
            return Integer.MAX_VALUE;
        }
        return (int) Math.ceil(healthyNodes * (double) datanodeReplicationLimit * inflightLimitFactor);
    }
}
