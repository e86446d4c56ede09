package dev.o3.datanode.config;

import dev.o3.common.config.ConfigGroup;
import dev.o3.common.config.ConfigKey;
import dev.o3.common.config.ConfigType;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.HostAndPort;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Keys of a datanode (names as in Apache Ozone). */
public final class DatanodeConfigKeys implements ConfigGroup {
    public static final ConfigKey<List<Path>> DATA_DIRS = ConfigKey.optional(
            "hdds.datanode.dir",
            ConfigType.PATH_LIST,
            "Comma list of data volumes (one per disk) for containers; defaults to ozone.metadata.dirs/data.");
    public static final ConfigKey<List<Path>> RATIS_DIRS = ConfigKey.optional(
            "dfs.container.ratis.datanode.storage.dir",
            ConfigType.PATH_LIST,
            "Comma list of Ratis log dirs (one per disk); each new raft group's log goes on the least-used one. "
                    + "Defaults to ozone.metadata.dirs/ratis.");
    public static final ConfigKey<Path> CACHE_DIR = ConfigKey.optional(
            "hdds.datanode.cache.dir", ConfigType.PATH, "SSD read cache directory; unset = no cache.");
    public static final ConfigKey<DataSize> CACHE_SIZE = ConfigKey.of(
            "hdds.datanode.cache.size", ConfigType.DATA_SIZE, "0", "SSD read cache capacity; 0 = no cache.");
    public static final ConfigKey<DataSize> CACHE_PAGE_SIZE = ConfigKey.of(
            "hdds.datanode.cache.page.size",
            ConfigType.DATA_SIZE,
            "1MB",
            "Unit of caching: block data and its checksums are cached in pages of this size.");
    public static final ConfigKey<String> HOSTNAME = ConfigKey.optional(
            "hdds.datanode.hostname",
            ConfigType.STRING,
            "Address the datanode binds its services to and advertises to SCM; unset = the local host name "
                    + "(all interfaces). Tests and single-host clusters give each datanode its own 127.0.0.x.");
    public static final ConfigKey<Integer> RATIS_PORT = ConfigKey.of(
            "dfs.container.ratis.ipc", ConfigType.intRange(0, 65535), "9858", "Port of the datanode's Ratis server.");
    public static final ConfigKey<Integer> STANDALONE_PORT = ConfigKey.of(
            "dfs.container.ipc", ConfigType.intRange(0, 65535), "9859", "Port of the datanode's read service.");
    public static final ConfigKey<Integer> REPLICATION_PORT = ConfigKey.of(
            "hdds.datanode.replication.port",
            ConfigType.intRange(0, 65535),
            "9886",
            "Port of the container replication service (Netty streaming).");
    public static final ConfigKey<HostAndPort> HTTP_ADDRESS = ConfigKey.of(
            "hdds.datanode.http-address",
            ConfigType.address(9882),
            "0.0.0.0:9882",
            "Datanode status server (/prom, /status).");
    public static final ConfigKey<Duration> HEARTBEAT_INTERVAL = ConfigKey.of(
            "hdds.heartbeat.interval", ConfigType.DURATION_TYPE, "30s", "How often a datanode heartbeats to SCM.");

    @Override
    public String title() {
        return "Datanode";
    }

    @Override
    public int order() {
        return 30;
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(
                DATA_DIRS,
                RATIS_DIRS,
                CACHE_DIR,
                CACHE_SIZE,
                CACHE_PAGE_SIZE,
                HOSTNAME,
                RATIS_PORT,
                STANDALONE_PORT,
                REPLICATION_PORT,
                HTTP_ADDRESS,
                HEARTBEAT_INTERVAL);
    }
}
