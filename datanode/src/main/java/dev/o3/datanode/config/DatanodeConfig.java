package dev.o3.datanode.config;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.ConfigException;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The settings a datanode runs with, parsed once at start-up.
 *
 * @param dataDirs data volumes, one per disk
 * @param volumeMinFreeSpace free space below which a data volume takes no new writes
 * @param ratisDirs Ratis log dirs, one per disk
 * @param cacheDir SSD cache directory, if any
 * @param cacheSize SSD cache capacity; 0 disables the cache
 * @param cachePageSize SSD cache page size
 * @param hostname address to bind and advertise; empty = local host name, all interfaces
 * @param ratisPort Ratis server port
 * @param standalonePort read service port
 * @param replicationPort replication service port
 * @param httpAddress status server address
 * @param heartbeatInterval heartbeat period
 */
public record DatanodeConfig(
        List<Path> dataDirs,
        DataSize volumeMinFreeSpace,
        List<Path> ratisDirs,
        Optional<Path> cacheDir,
        DataSize cacheSize,
        DataSize cachePageSize,
        Optional<String> hostname,
        int ratisPort,
        int standalonePort,
        int replicationPort,
        HostAndPort httpAddress,
        Duration heartbeatInterval) {

    public DatanodeConfig {
        dataDirs = List.copyOf(dataDirs);
        Objects.requireNonNull(volumeMinFreeSpace, "volumeMinFreeSpace is null");
        ratisDirs = List.copyOf(ratisDirs);
        Objects.requireNonNull(cacheDir, "cacheDir is null");
        Objects.requireNonNull(cacheSize, "cacheSize is null");
        Objects.requireNonNull(cachePageSize, "cachePageSize is null");
        Objects.requireNonNull(hostname, "hostname is null");
        Objects.requireNonNull(httpAddress, "httpAddress is null");
        Objects.requireNonNull(heartbeatInterval, "heartbeatInterval is null");
        if (dataDirs.isEmpty()) {
            throw new ConfigException(DatanodeConfigKeys.DATA_DIRS.name() + " lists no directory");
        }
        if (ratisDirs.isEmpty()) {
            throw new ConfigException(DatanodeConfigKeys.RATIS_DIRS.name() + " lists no directory");
        }
        if (cacheSize.bytes() > 0 && cacheDir.isEmpty()) {
            throw new ConfigException(DatanodeConfigKeys.CACHE_SIZE.name() + " is " + cacheSize + " but "
                    + DatanodeConfigKeys.CACHE_DIR.name() + " is not set");
        }
        if (cachePageSize.bytes() == 0) {
            throw new ConfigException(DatanodeConfigKeys.CACHE_PAGE_SIZE.name() + " must be positive");
        }
    }

    /**
     * Reads a datanode's settings; data and Ratis dirs default to subdirectories of ozone.metadata.dirs.
     *
     * @throws ConfigException when no directory is configured or values conflict
     */
    public static DatanodeConfig from(OzoneConfiguration conf) {
        Optional<Path> metadata = conf.find(CommonConfigKeys.METADATA_DIRS);
        return new DatanodeConfig(
                conf.find(DatanodeConfigKeys.DATA_DIRS)
                        .or(() -> metadata.map(dir -> List.of(dir.resolve("data"))))
                        .orElseThrow(() -> missing(DatanodeConfigKeys.DATA_DIRS.name())),
                conf.get(DatanodeConfigKeys.VOLUME_MIN_FREE_SPACE),
                conf.find(DatanodeConfigKeys.RATIS_DIRS)
                        .or(() -> metadata.map(dir -> List.of(dir.resolve("ratis"))))
                        .orElseThrow(() -> missing(DatanodeConfigKeys.RATIS_DIRS.name())),
                conf.find(DatanodeConfigKeys.CACHE_DIR),
                conf.get(DatanodeConfigKeys.CACHE_SIZE),
                conf.get(DatanodeConfigKeys.CACHE_PAGE_SIZE),
                conf.find(DatanodeConfigKeys.HOSTNAME),
                conf.get(DatanodeConfigKeys.RATIS_PORT),
                conf.get(DatanodeConfigKeys.STANDALONE_PORT),
                conf.get(DatanodeConfigKeys.REPLICATION_PORT),
                conf.get(DatanodeConfigKeys.HTTP_ADDRESS),
                conf.get(DatanodeConfigKeys.HEARTBEAT_INTERVAL));
    }

    private static ConfigException missing(String key) {
        return new ConfigException(
                "set " + key + " or " + CommonConfigKeys.METADATA_DIRS.name() + " to tell the datanode where to store");
    }
}
