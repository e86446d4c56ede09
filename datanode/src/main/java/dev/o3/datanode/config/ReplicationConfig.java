package dev.o3.datanode.config;

import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.Objects;

/**
 * Settings of container replication on a datanode (the service's port is {@link DatanodeConfig#replicationPort()}).
 *
 * @param streamsLimit containers copied in at once
 * @param queueLimit replication commands waiting for a stream
 * @param outboundLimit containers served to other datanodes at once
 * @param idleTimeout how long a stream may move no byte
 */
public record ReplicationConfig(int streamsLimit, int queueLimit, int outboundLimit, Duration idleTimeout) {
    public ReplicationConfig {
        Objects.requireNonNull(idleTimeout, "idleTimeout is null");
    }

    /** Reads the replication settings. */
    public static ReplicationConfig from(OzoneConfiguration conf) {
        return new ReplicationConfig(
                conf.get(DatanodeConfigKeys.REPLICATION_STREAMS_LIMIT),
                conf.get(DatanodeConfigKeys.REPLICATION_QUEUE_LIMIT),
                conf.get(DatanodeConfigKeys.REPLICATION_OUTBOUND_LIMIT),
                conf.get(DatanodeConfigKeys.REPLICATION_IDLE_TIMEOUT));
    }
}
