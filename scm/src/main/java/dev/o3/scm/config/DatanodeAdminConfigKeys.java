package dev.o3.scm.config;

import dev.o3.common.config.ConfigGroup;
import dev.o3.common.config.ConfigKey;
import dev.o3.common.config.ConfigType;
import java.time.Duration;
import java.util.List;

/** Keys of SCM's datanode decommission and maintenance workflow (names as in Apache Ozone). */
public final class DatanodeAdminConfigKeys implements ConfigGroup {
    public static final ConfigKey<Duration> MONITOR_INTERVAL = ConfigKey.of(
            "ozone.scm.datanode.admin.monitor.interval",
            ConfigType.DURATION_TYPE,
            "30s",
            "How often SCM checks the datanodes being decommissioned or put in maintenance: a node becomes "
                    + "DECOMMISSIONED or IN_MAINTENANCE at the first check that finds its containers safe elsewhere, "
                    + "and a maintenance with an end time returns to IN_SERVICE at the first check after it.");
    public static final ConfigKey<Integer> MAINTENANCE_REPLICA_MINIMUM = ConfigKey.of(
            "hdds.scm.replication.maintenance.replica.minimum",
            ConfigType.intRange(1, 3),
            "2",
            "Healthy replicas on IN_SERVICE datanodes each container must keep before a datanode enters "
                    + "maintenance (its own replicas are expected back).");

    @Override
    public String title() {
        return "SCM datanode decommission and maintenance";
    }

    @Override
    public int order() {
        return 11;
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(MONITOR_INTERVAL, MAINTENANCE_REPLICA_MINIMUM);
    }
}
