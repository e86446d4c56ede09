package dev.o3.om.config;

import dev.o3.common.config.ConfigGroup;
import dev.o3.common.config.ConfigKey;
import dev.o3.common.config.ConfigType;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.HostAndPort;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Keys of the Ozone Manager (names as in Apache Ozone where Ozone has the setting). */
public final class OmConfigKeys implements ConfigGroup {
    public static final ConfigKey<Path> DB_DIRS = ConfigKey.optional(
            "ozone.om.db.dirs", ConfigType.PATH, "Directory of OM's RocksDB; defaults to ozone.metadata.dirs/om.");
    public static final ConfigKey<Path> RATIS_STORAGE_DIR = ConfigKey.optional(
            "ozone.om.ratis.storage.dir",
            ConfigType.PATH,
            "Directory of OM's Raft log; defaults to ozone.metadata.dirs/om-ratis.");
    public static final ConfigKey<Integer> RATIS_PORT =
            ConfigKey.of("ozone.om.ratis.port", ConfigType.intRange(0, 65535), "9872", "Port of OM's Ratis server.");
    public static final ConfigKey<List<String>> RATIS_ADDRESSES = ConfigKey.optional(
            "ozone.om.ratis.addresses",
            ConfigType.STRING_LIST,
            "Ratis host:port of every OM, in the order of ozone.om.address; default: each OM's host with "
                    + "ozone.om.ratis.port.");
    public static final ConfigKey<String> NODE_ID = ConfigKey.optional(
            "ozone.om.node.id",
            ConfigType.STRING,
            "This OM's id among the OMs of ozone.om.address: om1, om2, om3 by position. Required with several OMs.");
    public static final ConfigKey<HostAndPort> HTTP_ADDRESS = ConfigKey.of(
            "ozone.om.http-address", ConfigType.address(9874), "0.0.0.0:9874", "OM status server (/prom, /status).");
    public static final ConfigKey<Duration> OPEN_KEY_EXPIRE_THRESHOLD = ConfigKey.of(
            "ozone.om.open.key.expire.threshold",
            ConfigType.DURATION_TYPE,
            "7d",
            "An open key not committed within this time is removed and its blocks freed.");
    public static final ConfigKey<Duration> ELECTION_TIMEOUT = ConfigKey.of(
            "ozone.om.leader.election.minimum.timeout.duration",
            ConfigType.DURATION_TYPE,
            "5s",
            "Minimum OM leader election timeout (the maximum is twice this); a lost leader is replaced after about"
                    + " this long.");
    public static final ConfigKey<Duration> RATIS_REQUEST_TIMEOUT = ConfigKey.of(
            "ozone.om.ratis.server.request.timeout",
            ConfigType.DURATION_TYPE,
            "3s",
            "Timeout of OM's Ratis requests (log replication round trips).");
    public static final ConfigKey<Integer> SNAPSHOT_THRESHOLD = ConfigKey.of(
            "ozone.om.ratis.snapshot.auto.trigger.threshold",
            ConfigType.intRange(1, Integer.MAX_VALUE),
            "400000",
            "Log entries between two OM snapshots (RocksDB checkpoints); a lagging OM catches up from one.");
    public static final ConfigKey<Integer> LOG_PURGE_GAP = ConfigKey.of(
            "ozone.om.ratis.log.purge.gap",
            ConfigType.intRange(1, Integer.MAX_VALUE),
            "1000000",
            "Log entries kept before a snapshot may purge them; a follower further behind installs a snapshot.");
    public static final ConfigKey<DataSize> LOG_SEGMENT_SIZE = ConfigKey.of(
            "ozone.om.ratis.segment.size",
            ConfigType.DATA_SIZE,
            "64MB",
            "Size of an OM Raft log segment; only closed segments are purged after a snapshot.");
    public static final ConfigKey<Integer> UNFLUSHED_MAX = ConfigKey.of(
            "ozone.om.unflushed.transaction.max.count",
            ConfigType.intRange(1, Integer.MAX_VALUE),
            "10000",
            "Applied transactions that may wait for the RocksDB flush before applying blocks (back-pressure).");
    public static final ConfigKey<Integer> FLUSHED_ROW_CACHE = ConfigKey.of(
            "ozone.om.key.cache.rows",
            ConfigType.intRange(0, 1 << 24),
            "65536",
            "Key, open key, file, directory and S3 secret rows (each table) that OM keeps parsed in memory after"
                    + " reading them from RocksDB or flushing them there, so a hot key's lookup, a key's commit and a"
                    + " signed call's secret skip RocksDB;"
                    + " rounded up to a power of two, about 1 KB of heap per row of a one-block key; 0 turns the cache"
                    + " off.");
    public static final ConfigKey<DataSize> DB_BLOCK_CACHE = ConfigKey.of(
            "ozone.om.db.block.cache.size",
            ConfigType.DATA_SIZE,
            "1GB",
            "Block cache the OM's RocksDB tables share (off the Java heap, filled only as blocks are read): about 60"
                    + " MB of blocks hold a million empty keys, so the default holds about 16 million; a lookup whose"
                    + " block is not cached costs three times the CPU (at 10 million keys, 1GB served 1.23x the"
                    + " random lookups of 256MB); 0 uses RocksDB's default of 32 MB per table.");
    public static final ConfigKey<List<String>> ADMINISTRATORS = ConfigKey.optional(
            "ozone.administrators",
            ConfigType.STRING_LIST,
            "Users allowed to administer OM (create volumes, manage any object); the OM's OS user always is one.");
    public static final ConfigKey<List<String>> PROXY_USERS = ConfigKey.optional(
            "ozone.om.proxy.users",
            ConfigType.STRING_LIST,
            "In secure mode, users whose signed calls may act for another user or an anonymous caller (the S3"
                    + " gateway's user); the OM's OS user always may.");
    public static final ConfigKey<Duration> AUTH_CLOCK_SKEW = ConfigKey.of(
            "ozone.om.auth.clock.skew",
            ConfigType.DURATION_TYPE,
            "5m",
            "In secure mode, how far a call's signing time may be from the OM's clock; a signature is accepted"
                    + " once inside this window (replay cache) and never after it.");
    public static final ConfigKey<Integer> AUTH_REPLAY_CACHE_ENTRIES = ConfigKey.of(
            "ozone.om.auth.replay.cache.entries",
            ConfigType.intRange(1000, 1 << 26),
            "1000000",
            "In secure mode, most signature nonces the OM remembers to refuse replays; past it the oldest are"
                    + " dropped and signatures older than them refused, so a busy OM narrows its skew window instead.");
    public static final ConfigKey<Duration> DELEGATION_TOKEN_MAX_LIFETIME = ConfigKey.of(
            "ozone.delegation.token.max-lifetime",
            ConfigType.DURATION_TYPE,
            "7d",
            "In secure mode, how long a delegation token can live at most, however often it is renewed.");
    public static final ConfigKey<Duration> DELEGATION_TOKEN_RENEW_INTERVAL = ConfigKey.of(
            "ozone.delegation.token.renew-interval",
            ConfigType.DURATION_TYPE,
            "1d",
            "In secure mode, how long a delegation token stays valid after it was issued or last renewed.");
    public static final ConfigKey<Duration> DELEGATION_KEY_UPDATE_INTERVAL = ConfigKey.of(
            "ozone.delegation.key.update-interval",
            ConfigType.DURATION_TYPE,
            "1d",
            "In secure mode, how often the OM leader makes a new key to sign delegation tokens with (older keys"
                    + " keep verifying the tokens they signed until those reach their max lifetime).");
    public static final ConfigKey<Integer> HANDLER_COUNT = ConfigKey.of(
            "ozone.om.handler.count",
            ConfigType.intRange(1, 1024),
            "20",
            "Threads serving OM listings and reads that wait for a read index; other calls run on gRPC's transport"
                    + " threads, background services on their own.");
    public static final ConfigKey<DataSize> MULTIPART_MIN_PART_SIZE = ConfigKey.of(
            "ozone.om.multipart.min.part.size",
            ConfigType.DATA_SIZE,
            "5MB",
            "Smallest multipart part except the last (S3: 5 MB); smaller ones fail completion with ENTITY_TOO_SMALL.");
    public static final ConfigKey<String> DEFAULT_BUCKET_LAYOUT = ConfigKey.of(
            "ozone.default.bucket.layout",
            ConfigType.oneOf("file_system_optimized", "object_store"),
            "file_system_optimized",
            "Layout of buckets created without one, outside the S3 volume (whose buckets are object_store).");
    public static final ConfigKey<String> DEFAULT_REPLICATION = ConfigKey.of(
            "ozone.server.default.replication",
            ConfigType.oneOf("1", "3"),
            "3",
            "Ratis replication factor of keys when neither the request nor the bucket names one.");
    public static final ConfigKey<Duration> OPEN_KEY_CLEANUP_INTERVAL = ConfigKey.of(
            "ozone.om.open.key.cleanup.service.interval",
            ConfigType.DURATION_TYPE,
            "24h",
            "How often the leader removes open keys older than ozone.om.open.key.expire.threshold.");
    public static final ConfigKey<Duration> KEY_DELETING_INTERVAL = ConfigKey.of(
            "ozone.key.deleting.service.interval",
            ConfigType.DURATION_TYPE,
            "60s",
            "How often the leader hands deleted keys' blocks to SCM's deleted-block log.");
    public static final ConfigKey<Duration> LIFECYCLE_INTERVAL = ConfigKey.of(
            "ozone.om.lifecycle.interval",
            ConfigType.DURATION_TYPE,
            "1h",
            "How often the leader executes the S3 lifecycle rules of buckets (expiration, aborting incomplete"
                    + " multipart uploads).");
    public static final ConfigKey<Duration> LIFECYCLE_DAY = ConfigKey.of(
            "ozone.om.lifecycle.day",
            ConfigType.DURATION_TYPE,
            "1d",
            "The length of a day in lifecycle rules (Days, DaysAfterInitiation); shorter only to test rules quickly.");
    public static final ConfigKey<Duration> DIRECTORY_DELETING_INTERVAL = ConfigKey.of(
            "ozone.directory.deleting.service.interval",
            ConfigType.DURATION_TYPE,
            "60s",
            "How often the leader reclaims the contents of deleted FSO directories.");
    public static final ConfigKey<Duration> RETRY_CACHE_EXPIRY = ConfigKey.of(
            "ozone.om.ratis.server.retrycache.timeout",
            ConfigType.DURATION_TYPE,
            "10m",
            "How long the OMs keep the reply of a write that carried a client request id, so that a retry of it"
                    + " (same o3-client-id and o3-call-id, e.g. after a leader failover) is answered with that reply"
                    + " instead of being applied again. Measured with the leader's clock; the leader's value applies"
                    + " on every OM. Must exceed the time a client keeps retrying a call.");
    public static final ConfigKey<Integer> RETRY_CACHE_MAX_ENTRIES = ConfigKey.of(
            "ozone.om.ratis.server.retrycache.max.entries",
            ConfigType.intRange(1, Integer.MAX_VALUE),
            "500000",
            "Most replies the OMs keep for retried writes (see ozone.om.ratis.server.retrycache.timeout); beyond it"
                    + " the oldest go first. Each takes heap on every OM: about 0.35 KB for most writes, 0.7 KB for a"
                    + " CreateKey reply with a three-datanode block, so the default may hold up to about 350 MB under"
                    + " sustained load. The leader's value applies on every OM.");
    public static final ConfigKey<Duration> KEY_CREATE_HOLD = ConfigKey.of(
            "ozone.om.key.create.hold",
            ConfigType.DURATION_TYPE,
            "5s",
            "How long a single OM holds the CreateKey of a key of one block, checked and answered but not yet "
                    + "logged, so that it is logged in one entry with the key's CommitKey (one log entry per small "
                    + "key instead of two). A key not committed by then (noticed within twice that), or that asks "
                    + "for another block, has its create logged alone. Three OMs log every create at once. An OM "
                    + "that restarts forgets the creates it holds: their commits fail (the S3 gateway answers 500, "
                    + "which S3 clients retry) and their blocks are not cleaned up. 0: every CreateKey is logged at "
                    + "once.");
    public static final ConfigKey<Duration> SCM_REQUEST_TIMEOUT = ConfigKey.of(
            "ozone.om.scm.request.timeout",
            ConfigType.DURATION_TYPE,
            "30s",
            "Deadline of OM's calls to SCM's block service.");
    public static final ConfigKey<DataSize> SCM_BLOCK_LEASE_SIZE = ConfigKey.of(
            "ozone.om.scm.block.lease.size",
            ConfigType.DATA_SIZE,
            "16MB",
            "Bytes of each run of block ids the leader OM leases from SCM for small keys (SCM grants at "
                    + "most the block size): a key of at most 1/64 of it (256KB by default) takes its block from a "
                    + "lease held in memory instead of waiting for an SCM call (at 8 concurrent 4 KiB PUTs the call "
                    + "was two thirds of a CreateKey). The OM holds 8 leases per replication, each in one container, "
                    + "and returns what a lease did not use; after an OM crash up to 8 leases' unused bytes stay "
                    + "counted as allocated in their containers. 0: every key's blocks come from a call to SCM.");
    public static final ConfigKey<Integer> CONTAINER_LOCATION_CACHE_SIZE = ConfigKey.of(
            "ozone.om.container.location.cache.size",
            ConfigType.intRange(1, Integer.MAX_VALUE),
            "100000",
            "Most containers whose current replicas OM keeps, as SCM last named them, to hand readers the datanodes"
                    + " that hold a closed container now rather than the pipeline its blocks were written on (the"
                    + " replicas move with re-replication and decommission). About 0.5 KB each.");
    public static final ConfigKey<Duration> CONTAINER_LOCATION_CACHE_TTL = ConfigKey.of(
            "ozone.om.container.location.cache.ttl",
            ConfigType.DURATION_TYPE,
            "5m",
            "Age after which a cached container location is fetched again from SCM, in the background; lookups keep"
                    + " the old one meanwhile. A reader that finds none of a block's replicas asks OM to refresh at"
                    + " once, so this bounds only how long reads may try moved replicas first.");

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
                DB_DIRS,
                RATIS_STORAGE_DIR,
                RATIS_PORT,
                RATIS_ADDRESSES,
                NODE_ID,
                HTTP_ADDRESS,
                OPEN_KEY_EXPIRE_THRESHOLD,
                ELECTION_TIMEOUT,
                RATIS_REQUEST_TIMEOUT,
                SNAPSHOT_THRESHOLD,
                LOG_PURGE_GAP,
                LOG_SEGMENT_SIZE,
                UNFLUSHED_MAX,
                FLUSHED_ROW_CACHE,
                DB_BLOCK_CACHE,
                ADMINISTRATORS,
                PROXY_USERS,
                AUTH_CLOCK_SKEW,
                AUTH_REPLAY_CACHE_ENTRIES,
                DELEGATION_TOKEN_MAX_LIFETIME,
                DELEGATION_TOKEN_RENEW_INTERVAL,
                DELEGATION_KEY_UPDATE_INTERVAL,
                HANDLER_COUNT,
                MULTIPART_MIN_PART_SIZE,
                DEFAULT_BUCKET_LAYOUT,
                DEFAULT_REPLICATION,
                OPEN_KEY_CLEANUP_INTERVAL,
                KEY_DELETING_INTERVAL,
                DIRECTORY_DELETING_INTERVAL,
                RETRY_CACHE_EXPIRY,
                RETRY_CACHE_MAX_ENTRIES,
                KEY_CREATE_HOLD,
                SCM_REQUEST_TIMEOUT,
                SCM_BLOCK_LEASE_SIZE,
                CONTAINER_LOCATION_CACHE_SIZE,
                CONTAINER_LOCATION_CACHE_TTL,
                LIFECYCLE_INTERVAL,
                LIFECYCLE_DAY);
    }
}
