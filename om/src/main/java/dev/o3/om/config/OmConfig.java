package dev.o3.om.config;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.ConfigException;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The settings OM runs with, parsed once at start-up.
 *
 * @param dbDirectory RocksDB directory
 * @param ratisDirectory Raft log directory
 * @param ratisPort Ratis server port
 * @param nodeId this OM's id when several are configured
 * @param httpAddress status server address
 * @param openKeyExpireThreshold age after which an uncommitted key is cleaned up
 * @param s3Volume volume of S3 buckets
 */
public record OmConfig(
        Path dbDirectory,
        Path ratisDirectory,
        int ratisPort,
        Optional<String> nodeId,
        HostAndPort httpAddress,
        Duration openKeyExpireThreshold,
        String s3Volume) {

    public OmConfig {
        Objects.requireNonNull(dbDirectory, "dbDirectory is null");
        Objects.requireNonNull(ratisDirectory, "ratisDirectory is null");
        Objects.requireNonNull(nodeId, "nodeId is null");
        Objects.requireNonNull(httpAddress, "httpAddress is null");
        Objects.requireNonNull(openKeyExpireThreshold, "openKeyExpireThreshold is null");
        Objects.requireNonNull(s3Volume, "s3Volume is null");
    }

    /**
     * Reads OM's settings; directories default to subdirectories of ozone.metadata.dirs.
     *
     * @throws ConfigException when no directory is configured
     */
    public static OmConfig from(OzoneConfiguration conf) {
        Optional<Path> metadata = conf.find(CommonConfigKeys.METADATA_DIRS);
        return new OmConfig(
                conf.find(OmConfigKeys.DB_DIRS)
                        .or(() -> metadata.map(dir -> dir.resolve("om")))
                        .orElseThrow(() -> missing(OmConfigKeys.DB_DIRS.name())),
                conf.find(OmConfigKeys.RATIS_STORAGE_DIR)
                        .or(() -> metadata.map(dir -> dir.resolve("om-ratis")))
                        .orElseThrow(() -> missing(OmConfigKeys.RATIS_STORAGE_DIR.name())),
                conf.get(OmConfigKeys.RATIS_PORT),
                conf.find(OmConfigKeys.NODE_ID),
                conf.get(OmConfigKeys.HTTP_ADDRESS),
                conf.get(OmConfigKeys.OPEN_KEY_EXPIRE_THRESHOLD),
                conf.get(OmConfigKeys.S3_VOLUME));
    }

    private static ConfigException missing(String key) {
        return new ConfigException(
                "set " + key + " or " + CommonConfigKeys.METADATA_DIRS.name() + " to tell OM where to keep its data");
    }
}
