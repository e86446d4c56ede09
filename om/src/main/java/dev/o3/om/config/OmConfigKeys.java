package dev.o3.om.config;

import dev.o3.common.config.ConfigGroup;
import dev.o3.common.config.ConfigKey;
import dev.o3.common.config.ConfigType;
import dev.o3.common.config.HostAndPort;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Keys of the Ozone Manager (names as in Apache Ozone). */
public final class OmConfigKeys implements ConfigGroup {
    public static final ConfigKey<Path> DB_DIRS = ConfigKey.optional(
            "ozone.om.db.dirs", ConfigType.PATH, "Directory of OM's RocksDB; defaults to ozone.metadata.dirs/om.");
    public static final ConfigKey<Path> RATIS_STORAGE_DIR = ConfigKey.optional(
            "ozone.om.ratis.storage.dir",
            ConfigType.PATH,
            "Directory of OM's Raft log; defaults to ozone.metadata.dirs/om-ratis.");
    public static final ConfigKey<Integer> RATIS_PORT =
            ConfigKey.of("ozone.om.ratis.port", ConfigType.intRange(0, 65535), "9872", "Port of OM's Ratis server.");
    public static final ConfigKey<String> NODE_ID = ConfigKey.optional(
            "ozone.om.node.id",
            ConfigType.STRING,
            "This OM's id among the OMs of ozone.om.address (om1, om2, ...), when several run on one host.");
    public static final ConfigKey<HostAndPort> HTTP_ADDRESS = ConfigKey.of(
            "ozone.om.http-address", ConfigType.address(9874), "0.0.0.0:9874", "OM status server (/prom, /status).");
    public static final ConfigKey<Duration> OPEN_KEY_EXPIRE_THRESHOLD = ConfigKey.of(
            "ozone.om.open.key.expire.threshold",
            ConfigType.DURATION_TYPE,
            "7d",
            "An open key not committed within this time is removed and its blocks freed.");
    public static final ConfigKey<String> S3_VOLUME =
            ConfigKey.of("ozone.s3g.volume.name", ConfigType.STRING, "s3v", "Volume that holds the S3 buckets.");

    @Override
    public String title() {
        return "Ozone Manager";
    }

    @Override
    public int order() {
        return 20;
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(
                DB_DIRS, RATIS_STORAGE_DIR, RATIS_PORT, NODE_ID, HTTP_ADDRESS, OPEN_KEY_EXPIRE_THRESHOLD, S3_VOLUME);
    }
}
