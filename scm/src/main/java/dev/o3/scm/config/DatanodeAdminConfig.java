package dev.o3.scm.config;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.Objects;

/**
 * Settings of the decommission and maintenance workflow, parsed once at start-up.
 *
 * @param monitorInterval period of the admin monitor
 * @param maintenanceReplicaMinimum healthy IN_SERVICE replicas each container keeps while a node is in maintenance
 */
public record DatanodeAdminConfig(Duration monitorInterval, int maintenanceReplicaMinimum) {
    public DatanodeAdminConfig {
        Objects.requireNonNull(monitorInterval, "monitorInterval is null");
        if (monitorInterval.isZero() || monitorInterval.isNegative()) {
            throw new ConfigException(
                    DatanodeAdminConfigKeys.MONITOR_INTERVAL.name() + " must be positive: " + monitorInterval);
        }
    }

    public static DatanodeAdminConfig from(OzoneConfiguration conf) {
        return new DatanodeAdminConfig(
                conf.get(DatanodeAdminConfigKeys.MONITOR_INTERVAL),
                conf.get(DatanodeAdminConfigKeys.MAINTENANCE_REPLICA_MINIMUM));
    }
}
