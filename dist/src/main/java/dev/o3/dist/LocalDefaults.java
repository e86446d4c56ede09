package dev.o3.dist;

import dev.o3.common.config.ConfigKey;
import dev.o3.scm.config.DatanodeAdminConfigKeys;
import dev.o3.scm.config.ScmConfigKeys;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Configuration that {@code ozone local} sets unless the user does. Its datanodes share this machine's disks and
 * cores, so each joins one pipeline per Ratis log dir ({@code --disks}) instead of the product's two per node: a
 * second Raft group on the same disk adds its own log worker, fsyncs, applier and appenders without a disk to spread
 * over, and cost small S3 PUTs a fifth to a third of their rate on a 2-core machine (docs/benchmarks.md, "Small PUTs
 * with one pipeline per datanode"). {@code --disks 2} or {@code -Dozone.scm.datanode.pipeline.limit=N} give
 * Multi-Raft. The replication manager and the decommission monitor run every few seconds rather than Ozone's
 * production periods (5 min scans, 5 min wait after safe mode, 30 s checks), so a lost replica or a decommission
 * completes while a newcomer watches.
 */
final class LocalDefaults {
    private static final List<ConfigKey<?>> PIPELINE_KEYS =
            List.of(ScmConfigKeys.DATANODE_PIPELINE_LIMIT, ScmConfigKeys.PIPELINES_PER_METADATA_DISK);

    /** Each key with the value {@code ozone local} uses unless the user sets it. */
    private static final Map<ConfigKey<?>, String> SCM_PERIODS = Map.of(
            ScmConfigKeys.REPLICATION_INTERVAL, "5s",
            ScmConfigKeys.WAIT_AFTER_SAFEMODE_EXIT, "10s",
            DatanodeAdminConfigKeys.MONITOR_INTERVAL, "5s");

    private LocalDefaults() {}

    /** The defaults to add to the user's {@code -D} {@code overrides}; none for what the user set. */
    static Map<String, String> forOverrides(Map<String, String> overrides) {
        Objects.requireNonNull(overrides, "overrides is null");
        Map<String, String> defaults = new LinkedHashMap<>();
        if (PIPELINE_KEYS.stream().noneMatch(key -> isSet(overrides, key))) {
            // 0: SCM derives each node's limit as pipelines per Ratis log dir x the node's Ratis log dirs.
            defaults.put(ScmConfigKeys.DATANODE_PIPELINE_LIMIT.name(), "0");
            defaults.put(ScmConfigKeys.PIPELINES_PER_METADATA_DISK.name(), "1");
        }
        SCM_PERIODS.forEach((key, value) -> {
            if (!isSet(overrides, key)) {
                defaults.put(key.name(), value);
            }
        });
        return defaults;
    }

    private static boolean isSet(Map<String, String> overrides, ConfigKey<?> key) {
        return overrides.containsKey(key.name()) || key.aliases().stream().anyMatch(overrides::containsKey);
    }
}
