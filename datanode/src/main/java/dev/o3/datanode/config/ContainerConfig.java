package dev.o3.datanode.config;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.Objects;

/**
 * Settings of the datanode's container storage, read service, scanner and volume checks.
 *
 * @param containerSize container size (a volume needs room for one to take a new container)
 * @param chunkWriteSync fsync every chunk write
 * @param chunkWriteDirect write aligned synced chunks with O_DIRECT where the volume allows
 * @param readThreads read service threads
 * @param shortCircuitReads whether clients on this host may read block files themselves
 * @param scannerEnabled whether the background scanner runs
 * @param scanInterval minimum time between two scans of a container
 * @param scanBandwidth scanner read rate per second
 * @param diskCheckInterval period of the volume checks
 */
public record ContainerConfig(
        DataSize containerSize,
        boolean chunkWriteSync,
        boolean chunkWriteDirect,
        int readThreads,
        boolean shortCircuitReads,
        boolean scannerEnabled,
        Duration scanInterval,
        DataSize scanBandwidth,
        Duration diskCheckInterval) {
    public ContainerConfig {
        Objects.requireNonNull(containerSize, "containerSize is null");
        Objects.requireNonNull(scanInterval, "scanInterval is null");
        Objects.requireNonNull(scanBandwidth, "scanBandwidth is null");
        Objects.requireNonNull(diskCheckInterval, "diskCheckInterval is null");
    }

    /** Reads the container settings. */
    public static ContainerConfig from(OzoneConfiguration conf) {
        return new ContainerConfig(
                conf.get(CommonConfigKeys.CONTAINER_SIZE),
                conf.get(DatanodeConfigKeys.CHUNK_WRITE_SYNC),
                conf.get(DatanodeConfigKeys.CHUNK_WRITE_DIRECT),
                conf.get(DatanodeConfigKeys.READ_THREADS),
                conf.get(DatanodeConfigKeys.READ_SHORT_CIRCUIT),
                conf.get(DatanodeConfigKeys.SCANNER_ENABLED),
                conf.get(DatanodeConfigKeys.SCANNER_INTERVAL),
                conf.get(DatanodeConfigKeys.SCANNER_BANDWIDTH),
                conf.get(DatanodeConfigKeys.DISK_CHECK_INTERVAL));
    }
}
