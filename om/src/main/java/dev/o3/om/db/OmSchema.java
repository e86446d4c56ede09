package dev.o3.om.db;

import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.DelegationKeyRecord;
import dev.o3.proto.om.DelegationTokenRecord;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.MultipartUploadRecord;
import dev.o3.proto.om.OpenKeyRecord;
import dev.o3.proto.om.RetryCacheRecord;
import dev.o3.proto.om.S3SecretRecord;
import dev.o3.proto.om.TransactionInfoRecord;
import dev.o3.proto.om.VolumeInfo;
import dev.o3.server.db.Codecs;
import dev.o3.server.db.DbSchema;
import dev.o3.server.db.TableDefinition;
import java.util.List;

/**
 * Every column family of OM's RocksDB, declared once. Keys are strings (UTF-8, so byte order is code point order):
 *
 * <ul>
 *   <li>volumes: {@code /vol}; buckets: {@code /vol/bucket}
 *   <li>keys (OBJECT_STORE): {@code /vol/bucket/key}; open keys (both layouts): {@code /vol/bucket/key#clientId}
 *   <li>directories and files (FILE_SYSTEM_OPTIMIZED): {@code bucketId/parentId/name}; a rename changes one row
 *   <li>deleted keys: {@code /vol/bucket/key#objectId}; deleted directories: {@code bucketId/parentId/name#objectId}
 *   <li>multipart uploads: {@code /vol/bucket/key#uploadId}; S3 secrets: user; transaction info: one row
 *   <li>delegation keys: the id in 10 digits; delegation tokens: the sequence number in 20 digits
 *   <li>retry cache: {@code clientUuid#callId} (see {@code dev.o3.om.apply.RetryCache})
 *   <li>noncurrent versions and delete markers (versioned OBJECT_STORE buckets): {@code /vol/bucket/key\0} and 16 hex
 *       digits of {@code Long.MAX_VALUE - versionSeq}, so a key's versions sort newest first, right after the key
 *       (see {@code dev.o3.om.key.KeyVersions})
 * </ul>
 */
public final class OmSchema {
    public static final TableDefinition<String, VolumeInfo> VOLUMES =
            new TableDefinition<>("volumeTable", Codecs.STRING, Codecs.proto(VolumeInfo.parser()));
    public static final TableDefinition<String, BucketInfo> BUCKETS =
            new TableDefinition<>("bucketTable", Codecs.STRING, Codecs.proto(BucketInfo.parser()));
    public static final TableDefinition<String, KeyInfo> KEYS =
            new TableDefinition<>("keyTable", Codecs.STRING, Codecs.proto(KeyInfo.parser()));
    public static final TableDefinition<String, OpenKeyRecord> OPEN_KEYS =
            new TableDefinition<>("openKeyTable", Codecs.STRING, Codecs.proto(OpenKeyRecord.parser()));
    public static final TableDefinition<String, KeyInfo> DIRECTORIES =
            new TableDefinition<>("directoryTable", Codecs.STRING, Codecs.proto(KeyInfo.parser()));
    public static final TableDefinition<String, KeyInfo> FILES =
            new TableDefinition<>("fileTable", Codecs.STRING, Codecs.proto(KeyInfo.parser()));
    public static final TableDefinition<String, KeyInfo> DELETED_KEYS =
            new TableDefinition<>("deletedTable", Codecs.STRING, Codecs.proto(KeyInfo.parser()));
    public static final TableDefinition<String, KeyInfo> DELETED_DIRECTORIES =
            new TableDefinition<>("deletedDirectoryTable", Codecs.STRING, Codecs.proto(KeyInfo.parser()));
    public static final TableDefinition<String, KeyInfo> VERSIONS =
            new TableDefinition<>("versionTable", Codecs.STRING, Codecs.proto(KeyInfo.parser()));
    public static final TableDefinition<String, MultipartUploadRecord> MULTIPART_UPLOADS =
            new TableDefinition<>("multipartInfoTable", Codecs.STRING, Codecs.proto(MultipartUploadRecord.parser()));
    public static final TableDefinition<String, S3SecretRecord> S3_SECRETS =
            new TableDefinition<>("s3SecretTable", Codecs.STRING, Codecs.proto(S3SecretRecord.parser()));
    public static final TableDefinition<String, DelegationKeyRecord> DELEGATION_KEYS =
            new TableDefinition<>("delegationKeyTable", Codecs.STRING, Codecs.proto(DelegationKeyRecord.parser()));
    public static final TableDefinition<String, DelegationTokenRecord> DELEGATION_TOKENS =
            new TableDefinition<>("delegationTokenTable", Codecs.STRING, Codecs.proto(DelegationTokenRecord.parser()));
    public static final TableDefinition<String, RetryCacheRecord> RETRY_CACHE =
            new TableDefinition<>("retryCacheTable", Codecs.STRING, Codecs.proto(RetryCacheRecord.parser()));
    public static final TableDefinition<String, TransactionInfoRecord> TRANSACTION_INFO =
            new TableDefinition<>("transactionInfoTable", Codecs.STRING, Codecs.proto(TransactionInfoRecord.parser()));

    /** The single row of {@link #TRANSACTION_INFO}: the last log entry whose writes are in RocksDB. */
    public static final String TRANSACTION_INFO_KEY = "#TRANSACTIONINFO";

    /** Tables whose writes go through the applied-state cache (all but transaction info). */
    public static final List<TableDefinition<String, ?>> CACHED_TABLES = List.of(
            VOLUMES,
            BUCKETS,
            KEYS,
            OPEN_KEYS,
            DIRECTORIES,
            FILES,
            DELETED_KEYS,
            DELETED_DIRECTORIES,
            MULTIPART_UPLOADS,
            S3_SECRETS,
            RETRY_CACHE,
            VERSIONS,
            DELEGATION_KEYS,
            DELEGATION_TOKENS);

    /**
     * Tables small enough and read often enough to keep whole in memory (Ozone does the same for volumes and
     * buckets); the retry cache is consulted by every write that carries a request id and is bounded.
     */
    public static final List<TableDefinition<String, ?>> FULLY_CACHED_TABLES = List.of(VOLUMES, BUCKETS, RETRY_CACHE);

    /**
     * Tables whose rows are only found by key, scanned only when OM loads them: their cache is hashed, not sorted.
     * The retry cache holds up to hundreds of thousands of ids sharing their client's UUID as a prefix, and every
     * write with an id finds, adds and evicts one: in a sorted map each of those compares long shared prefixes.
     */
    public static final List<TableDefinition<String, ?>> HASHED_TABLES = List.of(RETRY_CACHE);

    /**
     * Tables whose rows are read one by one, by lookups or by the next write of the same key (CommitKey reads the
     * open key), or by every signed call (the signer's S3 secret: a RocksDB get was 6% of OM's CPU per lookup): rows
     * read or flushed are kept parsed in a bounded cache.
     */
    public static final List<TableDefinition<String, ?>> LOOKED_UP_TABLES =
            List.of(KEYS, FILES, DIRECTORIES, OPEN_KEYS, S3_SECRETS);

    public static final DbSchema SCHEMA = new DbSchema(
            "om",
            List.of(
                    VOLUMES,
                    BUCKETS,
                    KEYS,
                    OPEN_KEYS,
                    DIRECTORIES,
                    FILES,
                    DELETED_KEYS,
                    DELETED_DIRECTORIES,
                    MULTIPART_UPLOADS,
                    S3_SECRETS,
                    RETRY_CACHE,
                    TRANSACTION_INFO,
                    VERSIONS,
                    DELEGATION_KEYS,
                    DELEGATION_TOKENS));

    private OmSchema() {}
}
