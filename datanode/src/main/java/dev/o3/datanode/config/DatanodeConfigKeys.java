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
    public static final ConfigKey<DataSize> VOLUME_MIN_FREE_SPACE = ConfigKey.of(
            "hdds.datanode.volume.min.free.space",
            ConfigType.DATA_SIZE,
            "1GB",
            "Free space a data volume keeps for its databases and the Raft logs: below it the volume is full, takes"
                    + " no new container and no chunk write (the client gets DISK_OUT_OF_SPACE and writes elsewhere),"
                    + " and SCM gives out no block on the pipelines of a datanode whose every volume is full, so a"
                    + " write to a full cluster fails at once (S3: 507 InsufficientStorage). A full volume still"
                    + " serves reads and is not failed. Apache Ozone's default is 5GB.");
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
    public static final ConfigKey<String> CACHE_MODE = ConfigKey.of(
            "hdds.datanode.cache.mode",
            ConfigType.oneOf("enabled", "shadow", "disabled"),
            "enabled",
            "Mode of the SSD read cache at start (when hdds.datanode.cache.size is set): enabled serves hot pages from"
                    + " the cache; shadow runs admission and hit accounting but writes nothing and serves every read"
                    + " from the volume; disabled. `ozone admin datanode cache` changes it at runtime.");
    public static final ConfigKey<String> CACHE_ADMISSION = ConfigKey.of(
            "hdds.datanode.cache.admission.policy",
            ConfigType.oneOf("window", "tinylfu"),
            "window",
            "Which client reads the SSD read cache admits: window admits a chunk read more than"
                    + " hdds.datanode.cache.admission.window.reads times within hdds.datanode.cache.admission.window"
                    + " (per-minute buckets); tinylfu admits a chunk whose estimated frequency (a count-min sketch"
                    + " that halves with age) is at least 2 and above that of the page it would evict.");
    public static final ConfigKey<Integer> CACHE_WINDOW_READS = ConfigKey.of(
            "hdds.datanode.cache.admission.window.reads",
            ConfigType.intRange(0, Integer.MAX_VALUE),
            "2",
            "The window admission policy admits a chunk read more than this many times within the window; 0 admits"
                    + " every client read of a closed container.");
    public static final ConfigKey<Duration> CACHE_WINDOW = ConfigKey.of(
            "hdds.datanode.cache.admission.window",
            ConfigType.DURATION_TYPE,
            "60m",
            "Sliding window of the window admission policy, counted in whole minutes (at least 1).");
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
    public static final ConfigKey<Integer> REPLICATION_STREAMS_LIMIT = ConfigKey.of(
            "hdds.datanode.replication.streams.limit",
            ConfigType.intRange(1, 1024),
            "10",
            "Containers this datanode copies in at once (replication commands from SCM); further commands wait in"
                    + " a queue.");
    public static final ConfigKey<Integer> REPLICATION_QUEUE_LIMIT = ConfigKey.of(
            "hdds.datanode.replication.queue.limit",
            ConfigType.intRange(1, Integer.MAX_VALUE),
            "4096",
            "Replication commands waiting for a stream; a command beyond it fails at once and SCM retries it.");
    public static final ConfigKey<Integer> REPLICATION_OUTBOUND_LIMIT = ConfigKey.of(
            "hdds.datanode.replication.outbound.streams.limit",
            ConfigType.intRange(1, 1024),
            "10",
            "Containers this datanode serves to other datanodes at once; a request beyond it is refused and the"
                    + " destination tries another source.");
    public static final ConfigKey<Duration> REPLICATION_IDLE_TIMEOUT = ConfigKey.of(
            "hdds.datanode.replication.idle.timeout",
            ConfigType.DURATION_TYPE,
            "60s",
            "A replication stream that moves no byte for this long is closed (on the source) or abandoned for the"
                    + " next source (on the destination).");
    public static final ConfigKey<HostAndPort> HTTP_ADDRESS = ConfigKey.of(
            "hdds.datanode.http-address",
            ConfigType.address(9882),
            "0.0.0.0:9882",
            "Datanode status server (/prom, /status).");
    public static final ConfigKey<Duration> HEARTBEAT_INTERVAL = ConfigKey.of(
            "hdds.heartbeat.interval", ConfigType.DURATION_TYPE, "30s", "How often a datanode heartbeats to SCM.");

    public static final ConfigKey<Duration> RATIS_ELECTION_TIMEOUT = ConfigKey.of(
            "hdds.ratis.leader.election.minimum.timeout.duration",
            ConfigType.DURATION_TYPE,
            "5s",
            "Minimum Raft leader election timeout of pipelines; the maximum is 200ms more.");
    public static final ConfigKey<Duration> RATIS_REQUEST_TIMEOUT = ConfigKey.of(
            "hdds.ratis.raft.server.rpc.request.timeout",
            ConfigType.DURATION_TYPE,
            "60s",
            "Timeout of Raft requests between pipeline members (append entries, votes).");
    public static final ConfigKey<DataSize> RATIS_SEGMENT_SIZE = ConfigKey.of(
            "hdds.container.ratis.segment.size",
            ConfigType.DATA_SIZE,
            "16MB",
            "Size of a Raft log segment file. The log holds chunk metadata and the data of small chunks (larger"
                    + " chunks go to block files); Ratis keeps the open segment of each pipeline in the heap.");
    public static final ConfigKey<Integer> RATIS_PURGE_GAP = ConfigKey.of(
            "hdds.container.ratis.log.purge.gap",
            ConfigType.intRange(1, Integer.MAX_VALUE),
            "1000000",
            "Raft log entries kept behind a snapshot so lagging followers catch up from the log.");
    public static final ConfigKey<Integer> RATIS_SNAPSHOT_THRESHOLD = ConfigKey.of(
            "hdds.ratis.snapshot.threshold",
            ConfigType.intRange(1, Integer.MAX_VALUE),
            "100000",
            "Applied entries after which a pipeline takes a snapshot so its Raft log can be purged.");
    public static final ConfigKey<Duration> RATIS_DATA_SYNC_TIMEOUT = ConfigKey.of(
            "hdds.container.ratis.statemachinedata.sync.timeout",
            ConfigType.DURATION_TYPE,
            "10s",
            "How long a Raft log sync waits for the chunk data of its entries before retrying.");
    public static final ConfigKey<Integer> WRITE_CHUNK_THREADS = ConfigKey.of(
            "hdds.container.ratis.num.write.chunk.threads.per.volume",
            ConfigType.intRange(1, 1024),
            "10",
            "Chunk writer threads per data volume; all chunks of one block are written by the same thread.");
    public static final ConfigKey<DataSize> RATIS_LOG_INLINE_DATA_MAX = ConfigKey.of(
            "hdds.container.ratis.log.inline.data.max",
            ConfigType.DATA_SIZE,
            "64KB",
            "Chunks up to this size travel inside their Raft log entry, which is synced, and are written to their"
                    + " block file when applied: a small write is durable without an fsync of its block file."
                    + " A block that one such chunk writes whole (an object up to this size) is kept in the volume's"
                    + " database instead of a file. Larger chunks are state-machine data, written beside the log; 0"
                    + " sends every chunk that way. Small blocks that a client sends together in one entry (a write"
                    + " batch, at most 64 KB each: ozone.client.write.batches.in.flight) stay in it whatever this"
                    + " says.");
    public static final ConfigKey<Boolean> CHUNK_WRITE_SYNC = ConfigKey.of(
            "hdds.container.chunk.write.sync",
            ConfigType.BOOLEAN,
            "true",
            "fsync the data of a chunk above hdds.container.ratis.log.inline.data.max before its Raft log entry is"
                    + " synced, so acknowledged data survives a power loss of every replica at once (smaller chunks"
                    + " are in the synced log). false leaves it to the OS to flush block files, as Apache Ozone"
                    + " does (docs/internals.md \"Writes\").");
    public static final ConfigKey<Boolean> CHUNK_WRITE_DIRECT = ConfigKey.of(
            "hdds.container.chunk.write.direct",
            ConfigType.BOOLEAN,
            "true",
            "Write a synced chunk (hdds.container.chunk.write.sync) whose offset and length are multiples of the"
                    + " volume's block size with O_DIRECT, past the page cache, as MinIO writes large objects: it"
                    + " saves the kernel's copy into the page cache and the later write-back. Reads of such data come"
                    + " from the disk until cached. Volumes whose file system refuses O_DIRECT (tmpfs) write through"
                    + " the page cache whatever this says.");
    public static final ConfigKey<Integer> READ_THREADS = ConfigKey.of(
            "hdds.datanode.read.threadpool", ConfigType.intRange(1, 1024), "10", "Threads of the read service.");
    public static final ConfigKey<Boolean> READ_SHORT_CIRCUIT = ConfigKey.of(
            "hdds.datanode.read.short-circuit",
            ConfigType.BOOLEAN,
            "true",
            "Tell a client on this host that asks (ozone.client.read.short-circuit) the path of the block file it"
                    + " reads, so that it reads the file itself instead of through the read service. The block token"
                    + " is checked as for any read; the client also needs the OS's read access to the data"
                    + " directories. Such reads bypass the SSD read cache.");
    public static final ConfigKey<Boolean> SCANNER_ENABLED = ConfigKey.of(
            "hdds.container.scrub.enabled",
            ConfigType.BOOLEAN,
            "true",
            "Run the background scanner that verifies the checksums of closed containers.");
    public static final ConfigKey<Duration> SCANNER_INTERVAL = ConfigKey.of(
            "hdds.container.scrub.data.scan.interval",
            ConfigType.DURATION_TYPE,
            "7d",
            "Minimum time between two scans of the same container.");
    public static final ConfigKey<DataSize> SCANNER_BANDWIDTH = ConfigKey.of(
            "hdds.container.scrub.volume.bytes.per.second",
            ConfigType.DATA_SIZE,
            "5MB",
            "Read rate limit of the scanner, so scans do not compete with clients.");
    public static final ConfigKey<Duration> DISK_CHECK_INTERVAL = ConfigKey.of(
            "hdds.datanode.periodic.disk.check.interval",
            ConfigType.DURATION_TYPE,
            "60m",
            "How often every data volume is checked (write, read, delete a probe file); failed ones leave service.");

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
                VOLUME_MIN_FREE_SPACE,
                RATIS_DIRS,
                CACHE_DIR,
                CACHE_SIZE,
                CACHE_PAGE_SIZE,
                CACHE_MODE,
                CACHE_ADMISSION,
                CACHE_WINDOW_READS,
                CACHE_WINDOW,
                HOSTNAME,
                RATIS_PORT,
                STANDALONE_PORT,
                REPLICATION_PORT,
                REPLICATION_STREAMS_LIMIT,
                REPLICATION_QUEUE_LIMIT,
                REPLICATION_OUTBOUND_LIMIT,
                REPLICATION_IDLE_TIMEOUT,
                HTTP_ADDRESS,
                HEARTBEAT_INTERVAL,
                RATIS_ELECTION_TIMEOUT,
                RATIS_REQUEST_TIMEOUT,
                RATIS_SEGMENT_SIZE,
                RATIS_PURGE_GAP,
                RATIS_SNAPSHOT_THRESHOLD,
                RATIS_DATA_SYNC_TIMEOUT,
                WRITE_CHUNK_THREADS,
                RATIS_LOG_INLINE_DATA_MAX,
                CHUNK_WRITE_SYNC,
                CHUNK_WRITE_DIRECT,
                READ_THREADS,
                READ_SHORT_CIRCUIT,
                SCANNER_ENABLED,
                SCANNER_INTERVAL,
                SCANNER_BANDWIDTH,
                DISK_CHECK_INTERVAL);
    }
}
