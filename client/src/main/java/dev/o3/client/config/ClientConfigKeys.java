package dev.o3.client.config;

import dev.o3.common.config.ConfigGroup;
import dev.o3.common.config.ConfigKey;
import dev.o3.common.config.ConfigType;
import dev.o3.common.config.DataSize;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Keys of the client library and shells (names as in Apache Ozone). */
public final class ClientConfigKeys implements ConfigGroup {
    public static final ConfigKey<DataSize> BYTES_PER_CHECKSUM = ConfigKey.of(
            "ozone.client.bytes.per.checksum",
            ConfigType.DATA_SIZE,
            "16KB",
            "Checksum granularity: one CRC32C per this many bytes of chunk data.");
    public static final ConfigKey<DataSize> CHUNK_SIZE = ConfigKey.of(
            "ozone.client.stream.buffer.size",
            ConfigType.DATA_SIZE,
            "4MB",
            "Size of one WriteChunk; the key output stream sends data in chunks of this size.");
    public static final ConfigKey<Integer> WRITE_WINDOW = ConfigKey.of(
            "ozone.client.write.window.chunks",
            ConfigType.intRange(1, 1024),
            "16",
            "Chunk writes in flight per block before the writer waits for acknowledgements.");
    public static final ConfigKey<DataSize> WRITE_BUFFER_MAX = ConfigKey.of(
            "ozone.client.write.buffer.max",
            ConfigType.DATA_SIZE,
            "0",
            "Most chunk data all key streams of one client hold together (chunks being filled, or sent and not yet"
                    + " committed by a PutBlock); a writer waits above it. 0 = no limit (each stream then holds up to"
                    + " about window + 1 chunks). At least ozone.client.stream.buffer.size when set.");
    public static final ConfigKey<Integer> WRITE_BATCHES = ConfigKey.of(
            "ozone.client.write.batches.in.flight",
            ConfigType.intRange(0, 64),
            "1",
            "Raft entries of small blocks a client keeps in flight per pipeline: a key of at most 64 KB is one small"
                    + " block, written whole with its commit in one entry. Small blocks written while this many are"
                    + " in flight wait and then go together, several keys in one entry (each acknowledged once the"
                    + " entry is applied on a majority, as alone); an idle pipeline gets each at once. 0 sends each"
                    + " small block alone, whatever is in flight.");
    public static final ConfigKey<Boolean> READ_SHORT_CIRCUIT = ConfigKey.of(
            "ozone.client.read.short-circuit",
            ConfigType.BOOLEAN,
            "false",
            "Read the block files of datanodes on this host directly (short-circuit read) instead of through"
                    + " their read service; every chunk is still checked against its checksums, and a read the"
                    + " file cannot serve goes through the datanode. Needs OS read access to the datanodes' data"
                    + " directories and hdds.datanode.read.short-circuit on them. ozone local turns it on.");
    public static final ConfigKey<Integer> READ_SHORT_CIRCUIT_CACHE_BLOCKS = ConfigKey.of(
            "ozone.client.read.short-circuit.cache.blocks",
            ConfigType.intRange(0, 1_000_000),
            "16384",
            "Blocks whose file a datanode on this host named for a short-circuit read that the client remembers"
                    + " (least recently used first out), so that reading such a block again needs no GetBlock: each"
                    + " read still follows a key lookup at OM and checks every chunk's checksums, and a file that"
                    + " moved or went away is read through the datanode instead. About 1 KB each; 0 remembers none.");
    public static final ConfigKey<DataSize> READ_SMALL_BLOCKS_CACHE = ConfigKey.of(
            "ozone.client.read.small-blocks.cache.size",
            ConfigType.DATA_SIZE,
            "0",
            "Data of small blocks (one chunk of at most 64 KB: every key up to 64 KB) the client keeps after reading"
                    + " or writing them, least recently used first out, so that reading such a key again asks no"
                    + " datanode: each read still follows a key lookup at OM, which checks access and names the block"
                    + " (a committed block never changes; one that grew is read again), and every chunk is checked"
                    + " against its checksums. 0 keeps none. The S3 gateway's client uses ozone.s3g.read.cache.size.");
    public static final ConfigKey<String> REPLICATION = ConfigKey.of(
            "ozone.replication",
            ConfigType.oneOf("1", "3"),
            "3",
            "Default replication factor of new keys (RATIS/ONE or RATIS/THREE). SCM places RATIS/THREE only: a"
                    + " write of a RATIS/ONE key is refused with INVALID_REQUEST.");
    public static final ConfigKey<Integer> MAX_RETRIES = ConfigKey.of(
            "ozone.client.max.retries",
            ConfigType.intRange(0, 100),
            "5",
            "Times a block write is retried on a new pipeline after a datanode or pipeline failure.");
    public static final ConfigKey<Duration> BLOCK_ALLOCATION_TIMEOUT = ConfigKey.of(
            "ozone.client.block.allocation.timeout",
            ConfigType.DURATION_TYPE,
            "120s",
            "How long a write keeps asking for a new block while SCM has none to give (no open pipeline outside the"
                    + " ones that failed this write, e.g. while SCM replaces a pipeline that lost a datanode) before"
                    + " it fails.");
    public static final ConfigKey<Duration> OM_FAILOVER_TIMEOUT = ConfigKey.of(
            "ozone.client.failover.timeout",
            ConfigType.DURATION_TYPE,
            "30s",
            "How long a client keeps looking for an OM leader before an operation fails.");
    public static final ConfigKey<Integer> OM_CONNECTIONS = ConfigKey.of(
            "ozone.client.om.connections",
            ConfigType.intRange(1, 64),
            "4",
            "Connections a client opens to each OM for its key calls (lookups, creates, commits), taking calls in"
                    + " turn: OM serves one connection's calls on one thread, so a busy client (the S3 gateway,"
                    + " freon) needs several to use more than one of OM's cores.");

    public static final ConfigKey<Path> CREDENTIALS_FILE = ConfigKey.optional(
            "ozone.client.credentials.file",
            ConfigType.PATH,
            "The file holding the user's access key and secret, with which the client signs every call to OM and"
                    + " SCM in secure mode (default: $O3_CREDENTIALS, else ~/.ozone/credentials; written by ozone"
                    + " login).");
    public static final ConfigKey<Path> TOKEN_FILE = ConfigKey.optional(
            "ozone.client.token.file",
            ConfigType.PATH,
            "A delegation token file (ozone sh token get -t FILE) the client signs its OM calls with instead of the"
                    + " credential file, acting as the token's owner (default: $OZONE_TOKEN_FILE when set).");

    @Override
    public String title() {
        return "Client";
    }

    @Override
    public int order() {
        return 40;
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(
                BYTES_PER_CHECKSUM,
                CHUNK_SIZE,
                WRITE_WINDOW,
                WRITE_BUFFER_MAX,
                WRITE_BATCHES,
                READ_SHORT_CIRCUIT,
                READ_SHORT_CIRCUIT_CACHE_BLOCKS,
                READ_SMALL_BLOCKS_CACHE,
                REPLICATION,
                MAX_RETRIES,
                BLOCK_ALLOCATION_TIMEOUT,
                OM_FAILOVER_TIMEOUT,
                OM_CONNECTIONS,
                CREDENTIALS_FILE,
                TOKEN_FILE);
    }
}
