package dev.o3.om.config;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.ConfigException;
import dev.o3.common.config.ConfigKey;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.security.BlockTokenConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The settings OM runs with, parsed once at start-up.
 *
 * @param dbDirectory RocksDB directory
 * @param ratisDirectory Raft log directory
 * @param nodeId this OM's id
 * @param nodes every OM of the service (one, or three for HA)
 * @param httpAddress status server address
 * @param openKeyExpireThreshold age after which an uncommitted key is cleaned up
 * @param s3Volume volume of S3 buckets
 * @param ratis Raft timing and flushing settings
 * @param requests request handling settings
 * @param services background service intervals
 * @param blockTokens block token settings
 * @param scmBlockAddress SCM's block service
 */
public record OmConfig(
        Path dbDirectory,
        Path ratisDirectory,
        String nodeId,
        List<OmNode> nodes,
        HostAndPort httpAddress,
        Duration openKeyExpireThreshold,
        String s3Volume,
        RatisSettings ratis,
        RequestSettings requests,
        ServiceSettings services,
        TokenSettings blockTokens,
        HostAndPort scmBlockAddress) {

    public OmConfig {
        Objects.requireNonNull(dbDirectory, "dbDirectory is null");
        Objects.requireNonNull(ratisDirectory, "ratisDirectory is null");
        Objects.requireNonNull(nodeId, "nodeId is null");
        nodes = List.copyOf(nodes);
        Objects.requireNonNull(httpAddress, "httpAddress is null");
        Objects.requireNonNull(openKeyExpireThreshold, "openKeyExpireThreshold is null");
        Objects.requireNonNull(s3Volume, "s3Volume is null");
        Objects.requireNonNull(ratis, "ratis is null");
        Objects.requireNonNull(requests, "requests is null");
        Objects.requireNonNull(services, "services is null");
        Objects.requireNonNull(blockTokens, "blockTokens is null");
        Objects.requireNonNull(scmBlockAddress, "scmBlockAddress is null");
    }

    /** This OM among {@link #nodes}. */
    public OmNode self() {
        return nodes.stream()
                .filter(node -> node.id().equals(nodeId))
                .findFirst()
                .orElseThrow();
    }

    /**
     * Reads OM's settings; directories default to subdirectories of ozone.metadata.dirs.
     *
     * @throws ConfigException when no directory is configured or the OM addresses are inconsistent
     */
    public static OmConfig from(OzoneConfiguration conf) {
        Optional<Path> metadata = conf.find(CommonConfigKeys.METADATA_DIRS);
        List<OmNode> nodes = nodes(conf);
        return new OmConfig(
                conf.find(OmConfigKeys.DB_DIRS)
                        .or(() -> metadata.map(dir -> dir.resolve("om")))
                        .orElseThrow(() -> missing(OmConfigKeys.DB_DIRS.name())),
                conf.find(OmConfigKeys.RATIS_STORAGE_DIR)
                        .or(() -> metadata.map(dir -> dir.resolve("om-ratis")))
                        .orElseThrow(() -> missing(OmConfigKeys.RATIS_STORAGE_DIR.name())),
                nodeId(conf, nodes),
                nodes,
                conf.get(OmConfigKeys.HTTP_ADDRESS),
                conf.get(OmConfigKeys.OPEN_KEY_EXPIRE_THRESHOLD),
                conf.get(CommonConfigKeys.S3_VOLUME),
                new RatisSettings(
                        conf.get(OmConfigKeys.ELECTION_TIMEOUT),
                        conf.get(OmConfigKeys.RATIS_REQUEST_TIMEOUT),
                        conf.get(OmConfigKeys.SNAPSHOT_THRESHOLD),
                        conf.get(OmConfigKeys.LOG_PURGE_GAP),
                        conf.get(OmConfigKeys.LOG_SEGMENT_SIZE).bytes(),
                        conf.get(OmConfigKeys.UNFLUSHED_MAX),
                        conf.get(OmConfigKeys.FLUSHED_ROW_CACHE),
                        conf.get(OmConfigKeys.DB_BLOCK_CACHE).bytes()),
                new RequestSettings(
                        conf.get(OmConfigKeys.HANDLER_COUNT),
                        Set.copyOf(conf.find(OmConfigKeys.ADMINISTRATORS).orElse(List.of())),
                        conf.get(OmConfigKeys.MULTIPART_MIN_PART_SIZE).bytes(),
                        conf.get(OmConfigKeys.DEFAULT_BUCKET_LAYOUT),
                        Integer.parseInt(conf.get(OmConfigKeys.DEFAULT_REPLICATION)),
                        conf.get(CommonConfigKeys.BLOCK_SIZE).bytes(),
                        positive(conf, OmConfigKeys.RETRY_CACHE_EXPIRY),
                        conf.get(OmConfigKeys.RETRY_CACHE_MAX_ENTRIES),
                        conf.get(OmConfigKeys.KEY_CREATE_HOLD)),
                new ServiceSettings(
                        conf.get(OmConfigKeys.OPEN_KEY_CLEANUP_INTERVAL),
                        conf.get(OmConfigKeys.KEY_DELETING_INTERVAL),
                        conf.get(OmConfigKeys.DIRECTORY_DELETING_INTERVAL),
                        conf.get(OmConfigKeys.SCM_REQUEST_TIMEOUT),
                        conf.get(OmConfigKeys.SCM_BLOCK_LEASE_SIZE).bytes(),
                        conf.get(OmConfigKeys.CONTAINER_LOCATION_CACHE_SIZE),
                        positive(conf, OmConfigKeys.CONTAINER_LOCATION_CACHE_TTL)),
                tokens(conf),
                CommonConfigKeys.scmAddress(conf, CommonConfigKeys.SCM_BLOCK_ADDRESS, CommonConfigKeys.SCM_BLOCK_PORT));
    }

    private static List<OmNode> nodes(OzoneConfiguration conf) {
        List<String> clients = conf.get(CommonConfigKeys.OM_ADDRESS);
        Optional<List<String>> ratis = conf.find(OmConfigKeys.RATIS_ADDRESSES);
        if (ratis.isPresent() && ratis.get().size() != clients.size()) {
            throw new ConfigException(OmConfigKeys.RATIS_ADDRESSES.name() + " lists "
                    + ratis.get().size() + " addresses but " + CommonConfigKeys.OM_ADDRESS.name() + " lists "
                    + clients.size());
        }
        int ratisPort = conf.get(OmConfigKeys.RATIS_PORT);
        List<OmNode> nodes = new ArrayList<>();
        for (int i = 0; i < clients.size(); i++) {
            HostAndPort client = HostAndPort.parse(clients.get(i), CommonConfigKeys.OM_PORT);
            HostAndPort raft = ratis.isPresent()
                    ? HostAndPort.parse(ratis.get().get(i), ratisPort)
                    : new HostAndPort(client.host(), ratisPort);
            nodes.add(new OmNode("om" + (i + 1), client, raft));
        }
        return nodes;
    }

    private static String nodeId(OzoneConfiguration conf, List<OmNode> nodes) {
        Optional<String> configured = conf.find(OmConfigKeys.NODE_ID);
        if (configured.isEmpty()) {
            if (nodes.size() > 1) {
                throw new ConfigException("set " + OmConfigKeys.NODE_ID.name() + " (om1.." + "om" + nodes.size()
                        + ") when " + CommonConfigKeys.OM_ADDRESS.name() + " lists several OMs");
            }
            return nodes.get(0).id();
        }
        if (nodes.stream().noneMatch(node -> node.id().equals(configured.get()))) {
            throw new ConfigException(OmConfigKeys.NODE_ID.name() + " is '" + configured.get() + "' but "
                    + CommonConfigKeys.OM_ADDRESS.name() + " defines om1..om" + nodes.size());
        }
        return configured.get();
    }

    private static TokenSettings tokens(OzoneConfiguration conf) {
        return new TokenSettings(BlockTokenConfig.secret(conf), conf.get(CommonConfigKeys.BLOCK_TOKEN_LIFETIME));
    }

    private static Duration positive(OzoneConfiguration conf, ConfigKey<Duration> key) {
        Duration value = conf.get(key);
        if (value.isZero() || value.isNegative()) {
            throw new ConfigException(key.name() + " must be positive: " + value);
        }
        return value;
    }

    private static ConfigException missing(String key) {
        return new ConfigException(
                "set " + key + " or " + CommonConfigKeys.METADATA_DIRS.name() + " to tell OM where to keep its data");
    }

    /**
     * Raft settings.
     *
     * @param electionTimeout minimum leader election timeout
     * @param requestTimeout Ratis request timeout
     * @param snapshotThreshold log entries between snapshots
     * @param purgeGap log entries kept before a snapshot may purge them
     * @param segmentSize Raft log segment size in bytes
     * @param maxUnflushed applied transactions that may wait for RocksDB
     * @param flushedRowCache flushed key, file and directory rows kept parsed per table for lookups (0: none)
     * @param blockCacheBytes RocksDB block cache shared by the tables (0: RocksDB's default per table)
     */
    public record RatisSettings(
            Duration electionTimeout,
            Duration requestTimeout,
            int snapshotThreshold,
            int purgeGap,
            long segmentSize,
            int maxUnflushed,
            int flushedRowCache,
            long blockCacheBytes) {
        public RatisSettings {
            Objects.requireNonNull(electionTimeout, "electionTimeout is null");
            Objects.requireNonNull(requestTimeout, "requestTimeout is null");
        }
    }

    /**
     * Request handling settings.
     *
     * @param handlerCount foreground threads
     * @param administrators administrators besides the OS user
     * @param minPartSize smallest multipart part except the last, in bytes
     * @param defaultBucketLayout layout of buckets created without one
     * @param defaultReplicationFactor replication factor of keys without one
     * @param blockSize block size in bytes
     * @param retryCacheExpiry how long the replies of writes with a request id are kept for retries
     * @param retryCacheMaxEntries most replies kept for retries
     * @param createHold how long the leader holds a single-block CreateKey for its commit; zero: never
     */
    public record RequestSettings(
            int handlerCount,
            Set<String> administrators,
            long minPartSize,
            String defaultBucketLayout,
            int defaultReplicationFactor,
            long blockSize,
            Duration retryCacheExpiry,
            int retryCacheMaxEntries,
            Duration createHold) {
        public RequestSettings {
            administrators = Set.copyOf(administrators);
            Objects.requireNonNull(defaultBucketLayout, "defaultBucketLayout is null");
            Objects.requireNonNull(retryCacheExpiry, "retryCacheExpiry is null");
            Objects.requireNonNull(createHold, "createHold is null");
        }
    }

    /**
     * Background service settings.
     *
     * @param openKeyCleanupInterval period of open-key clean-up
     * @param keyDeletingInterval period of block deletion through SCM
     * @param directoryDeletingInterval period of deleted-directory reclamation
     * @param scmRequestTimeout deadline of calls to SCM
     * @param scmBlockLeaseSize bytes of each block lease held for small keys; 0: none
     * @param containerLocationCacheSize most containers whose current replicas OM keeps
     * @param containerLocationCacheTtl age after which a cached container location is fetched again
     */
    public record ServiceSettings(
            Duration openKeyCleanupInterval,
            Duration keyDeletingInterval,
            Duration directoryDeletingInterval,
            Duration scmRequestTimeout,
            long scmBlockLeaseSize,
            int containerLocationCacheSize,
            Duration containerLocationCacheTtl) {
        public ServiceSettings {
            Objects.requireNonNull(openKeyCleanupInterval, "openKeyCleanupInterval is null");
            Objects.requireNonNull(keyDeletingInterval, "keyDeletingInterval is null");
            Objects.requireNonNull(directoryDeletingInterval, "directoryDeletingInterval is null");
            Objects.requireNonNull(scmRequestTimeout, "scmRequestTimeout is null");
            Objects.requireNonNull(containerLocationCacheTtl, "containerLocationCacheTtl is null");
        }
    }

    /**
     * Block token settings.
     *
     * @param secret the signing secret; empty when security is off (no tokens)
     * @param lifetime how long a token stays valid
     */
    public record TokenSettings(Optional<String> secret, Duration lifetime) {
        public TokenSettings {
            Objects.requireNonNull(secret, "secret is null");
            Objects.requireNonNull(lifetime, "lifetime is null");
        }

        @Override
        public String toString() {
            return "TokenSettings[secret=" + (secret.isPresent() ? "(redacted)" : "none") + ", lifetime=" + lifetime
                    + "]";
        }
    }
}
