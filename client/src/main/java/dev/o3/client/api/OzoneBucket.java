package dev.o3.client.api;

import dev.o3.client.config.ClientConfig;
import dev.o3.client.io.DatanodeClients;
import dev.o3.client.io.KeyCommitter;
import dev.o3.client.io.KeyInputStream;
import dev.o3.client.io.KeyOutputStream;
import dev.o3.client.om.OmClient;
import dev.o3.common.acl.CannedAcl;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.om.BucketVersioning;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CommitKeyResponse;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.DeleteKeyRequest;
import dev.o3.proto.om.DeleteKeyResponse;
import dev.o3.proto.om.HsyncKeyRequest;
import dev.o3.proto.om.HsyncKeyResponse;
import dev.o3.proto.om.InfoBucketRequest;
import dev.o3.proto.om.InfoBucketResponse;
import dev.o3.proto.om.ListKeyVersionsRequest;
import dev.o3.proto.om.ListKeyVersionsResponse;
import dev.o3.proto.om.ListKeysRequest;
import dev.o3.proto.om.ListKeysResponse;
import dev.o3.proto.om.LookupKeyRequest;
import dev.o3.proto.om.OmCall;
import dev.o3.proto.om.OmReply;
import dev.o3.proto.om.RenameKeyRequest;
import dev.o3.proto.om.RenameKeyResponse;
import dev.o3.proto.om.SetBucketPropertyRequest;
import dev.o3.proto.om.SetBucketPropertyResponse;
import dev.o3.proto.om.SetBucketVersioningRequest;
import dev.o3.proto.om.SetBucketVersioningResponse;
import dev.o3.proto.om.SetKeyTagsRequest;
import dev.o3.proto.om.SetKeyTagsResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * One bucket: its keys and ACLs. Thread-safe. Its info is a snapshot taken when it was fetched; a bucket addressed
 * by name only ({@link ObjectStore#bucket}) fetches it on every {@link #info()}.
 */
public final class OzoneBucket {
    private static final int PAGE = 1000;

    private final String volume;
    private final String bucketName;
    private final Optional<BucketInfo> info;
    private final OmClient om;
    private final DatanodeClients datanodes;
    private final ClientConfig config;

    OzoneBucket(BucketInfo info, OmClient om, DatanodeClients datanodes, ClientConfig config) {
        this(info.volume(), info.name(), Optional.of(info), om, datanodes, config);
    }

    OzoneBucket(String volume, String name, OmClient om, DatanodeClients datanodes, ClientConfig config) {
        this(volume, name, Optional.empty(), om, datanodes, config);
    }

    private OzoneBucket(
            String volume,
            String name,
            Optional<BucketInfo> info,
            OmClient om,
            DatanodeClients datanodes,
            ClientConfig config) {
        this.volume = volume;
        this.bucketName = name;
        this.info = info;
        this.om = om;
        this.datanodes = datanodes;
        this.config = config;
    }

    /**
     * The bucket's info.
     *
     * @throws dev.o3.client.om.OmException BUCKET_NOT_FOUND, PERMISSION_DENIED (fetched for a bucket addressed by name)
     */
    public BucketInfo info() {
        return info.orElseGet(() -> OmTranslator.bucket(om.call(
                        "InfoBucket",
                        stub -> stub.infoBucket(InfoBucketRequest.newBuilder()
                                .setVolume(volume)
                                .setName(bucketName)
                                .build()),
                        InfoBucketResponse::getError)
                .getBucket()));
    }

    public String name() {
        return bucketName;
    }

    /**
     * The bucket's owner, canned ACL and grants.
     *
     * @throws dev.o3.client.om.OmException PERMISSION_DENIED unless the caller owns the bucket, is an administrator or
     *     has READ_ACP
     */
    public AclInfo acl() {
        return keyAcl("");
    }

    /**
     * Replaces the bucket's canned ACL.
     *
     * @throws dev.o3.client.om.OmException PERMISSION_DENIED unless the caller owns the bucket, is an administrator or
     *     has WRITE_ACP
     */
    public void setAcl(CannedAcl acl) {
        acls().setBucket(acl);
    }

    /**
     * Sets the bucket's quotas: a present value replaces the quota (-1 clears it), an absent one keeps it.
     *
     * @throws dev.o3.client.om.OmException PERMISSION_DENIED unless the caller owns the bucket or its volume or is an
     *     administrator; INVALID_REQUEST for 0 or below -1
     */
    public void setQuota(OptionalLong bytes, OptionalLong namespace) {
        update(Optional.empty(), bytes, namespace);
    }

    /**
     * Changes the owner (the volume's owner or an administrator) and the quotas (as {@link #setQuota}) in one
     * transaction; absent values are kept.
     *
     * @throws dev.o3.client.om.OmException PERMISSION_DENIED when the caller may not make the change; INVALID_REQUEST
     *     for a quota of 0 or below -1
     */
    public void update(Optional<String> owner, OptionalLong bytes, OptionalLong namespace) {
        SetBucketPropertyRequest.Builder request =
                SetBucketPropertyRequest.newBuilder().setVolume(volume).setName(bucketName);
        owner.ifPresent(request::setOwner);
        bytes.ifPresent(request::setQuotaInBytes);
        namespace.ifPresent(request::setQuotaInNamespace);
        om.call(
                "SetBucketProperty",
                stub -> stub.setBucketProperty(request.build()),
                SetBucketPropertyResponse::getError);
    }

    /**
     * A key's owner (the bucket's), canned ACL and grants; the bucket's when {@code key} is empty.
     *
     * @throws dev.o3.client.om.OmException KEY_NOT_FOUND, PERMISSION_DENIED as for {@link #acl()}
     */
    public AclInfo keyAcl(String key) {
        return acls().get(key);
    }

    /**
     * Replaces a key's canned ACL.
     *
     * @throws dev.o3.client.om.OmException KEY_NOT_FOUND, PERMISSION_DENIED as for {@link #setAcl(CannedAcl)}
     */
    public void setKeyAcl(String key, CannedAcl acl) {
        acls().setKey(key, acl);
    }

    /** The ACL calls of this bucket and its keys, grants included. */
    public BucketAcls acls() {
        return new BucketAcls(volume, bucketName, om);
    }

    /**
     * Opens a new key for writing; the key becomes visible when the stream is closed. An existing key of the same name
     * is replaced at that moment.
     *
     * @param expectedSize the size if known (OM pre-allocates blocks for it), else 0
     * @throws dev.o3.client.om.OmException BUCKET_NOT_FOUND, INVALID_KEY_NAME, QUOTA_EXCEEDED
     */
    public KeyOutputStream createKey(String name, long expectedSize, Map<String, String> metadata) {
        return createKey(name, expectedSize, new KeyArgs("", metadata, Map.of()));
    }

    /**
     * As {@link #createKey(String, long, Map)}, with a content type, tags and a canned ACL. The key gets the bucket's
     * replication.
     *
     * @throws dev.o3.client.om.OmException BUCKET_NOT_FOUND, INVALID_KEY_NAME, QUOTA_EXCEEDED
     */
    public KeyOutputStream createKey(String name, long expectedSize, KeyArgs args) {
        return createKey(name, expectedSize, args, WriteConditions.NONE);
    }

    /**
     * As {@link #createKey(String, long, KeyArgs)}, only if {@code conditions} hold both now and when the stream
     * commits; {@link KeyOutputStream#versionId()} then tells the version made in a versioned bucket.
     *
     * @throws dev.o3.client.om.OmException also PRECONDITION_FAILED, KEY_NOT_FOUND (If-Match on a missing key); the
     *     commit (close) fails with CONDITIONAL_REQUEST_CONFLICT when a concurrent write broke them meanwhile
     */
    public KeyOutputStream createKey(String name, long expectedSize, KeyArgs args, WriteConditions conditions) {
        CreateKeyRequest request = createRequest(name, expectedSize, args).toBuilder()
                .setIfNoneMatch(conditions.ifNoneMatch())
                .setIfMatch(conditions.ifMatch())
                .build();
        CreateKeyResponse response = om.write(
                "CreateKey",
                OmCall.newBuilder().setCreateKey(request),
                OmReply::getCreateKey,
                CreateKeyResponse::getError);
        long clientId = response.getClientId();
        KeyCommitter commit = (size, blocks, md5, metadata) -> om.write(
                        "CommitKey",
                        OmCall.newBuilder().setCommitKey(commitRequest(name, clientId, size, blocks, md5, metadata)),
                        OmReply::getCommitKey,
                        CommitKeyResponse::getError)
                .getVersionId();
        KeyCommitter committer = new SyncingCommitter(
                commit,
                (size, blocks) -> om.call(
                        "HsyncKey",
                        stub -> stub.hsyncKey(HsyncKeyRequest.newBuilder()
                                .setVolume(volume)
                                .setBucket(bucketName)
                                .setName(name)
                                .setClientId(clientId)
                                .setSize(size)
                                .addAllBlocks(blocks)
                                .build()),
                        HsyncKeyResponse::getError));
        return new KeyOutputStream(om, datanodes, config, response.getKey(), clientId, committer);
    }

    private CreateKeyRequest createRequest(String name, long expectedSize, KeyArgs args) {
        return CreateKeyRequest.newBuilder()
                .setVolume(volume)
                .setBucket(bucketName)
                .setName(name)
                .setSize(Math.max(0, expectedSize))
                .addAllMetadata(OmTranslator.pairs(args.metadata()))
                .addAllTags(OmTranslator.pairs(args.tags()))
                .setContentType(args.contentType())
                .setAcl(args.acl().hasGrants() ? "" : args.acl().canned().value())
                .addAllGrants(args.acl().grants())
                .setOverwrite(true)
                .setRecursive(true)
                .build();
    }

    private CommitKeyRequest commitRequest(
            String name,
            long clientId,
            long size,
            List<BlockLocation> blocks,
            String md5Hex,
            Map<String, String> metadata) {
        return CommitKeyRequest.newBuilder()
                .setVolume(volume)
                .setBucket(bucketName)
                .setName(name)
                .setClientId(clientId)
                .setSize(size)
                .addAllBlocks(blocks)
                .setEtag(md5Hex)
                .addAllCommitMetadata(OmTranslator.pairs(metadata))
                .build();
    }

    /** The S3 configuration of this bucket: policy, CORS, tags, lifecycle. */
    public BucketConfigs configs() {
        return new BucketConfigs(volume, bucketName, om);
    }

    /** Multipart uploads of this bucket (S3 semantics). */
    public MultipartUploads multipart() {
        return new MultipartUploads(volume, bucketName, om, datanodes, config);
    }

    /** Files and directories of this bucket, as a file system sees them (FILE_SYSTEM_OPTIMIZED buckets). */
    public BucketPaths paths() {
        return new BucketPaths(volume, bucketName, om);
    }

    /**
     * Replaces a key's tags.
     *
     * @throws dev.o3.client.om.OmException KEY_NOT_FOUND
     */
    public void setTags(String name, Map<String, String> tags) {
        om.call(
                "SetKeyTags",
                stub -> stub.setKeyTags(SetKeyTagsRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucketName)
                        .setName(name)
                        .addAllTags(OmTranslator.pairs(tags))
                        .build()),
                SetKeyTagsResponse::getError);
    }

    /**
     * Opens a key for reading: sequential and positioned reads with checksum verification and replica failover; when
     * no replica of a block can be read, the stream asks OM once where the block's container is now.
     *
     * @throws dev.o3.client.om.OmException KEY_NOT_FOUND
     */
    public KeyInputStream readKey(String name) {
        return readKey(name, "");
    }

    /**
     * Opens one version of a key for reading; an empty {@code versionId} is the current version. A key of at most one
     * chunk is read ahead ({@link KeyInputStream#openReadingAhead}) as soon as OM's answer is in, on the thread it
     * arrives on, and this returns when the datanode's answer is in too: a small object's GET then waits for one
     * hand-off instead of two (docs/internals.md, "Reads").
     *
     * @throws dev.o3.client.om.OmException KEY_NOT_FOUND, NO_SUCH_VERSION, METHOD_NOT_ALLOWED (a delete marker)
     */
    public KeyInputStream readKey(String name, String versionId) {
        LookupKeyRequest request =
                lookupRequest(name).toBuilder().setVersionId(versionId).build();
        return KeyInputStream.openReadingAhead(
                datanodes, om.lookupKeyAsync(request).thenApply(response -> response.getKey()), () -> om.lookupKey(
                                request.toBuilder().setRefreshLocations(true).build())
                        .getKey());
    }

    /**
     * Enables ({@code true}) or suspends S3 versioning of an OBJECT_STORE bucket.
     *
     * @throws dev.o3.client.om.OmException PERMISSION_DENIED unless the caller owns the bucket or its volume or is an
     *     administrator; INVALID_REQUEST for a FILE_SYSTEM_OPTIMIZED bucket
     */
    public void setVersioning(boolean enabled) {
        om.call(
                "SetBucketVersioning",
                stub -> stub.setBucketVersioning(SetBucketVersioningRequest.newBuilder()
                        .setVolume(volume)
                        .setName(bucketName)
                        .setVersioning(
                                enabled ? BucketVersioning.VERSIONING_ENABLED : BucketVersioning.VERSIONING_SUSPENDED)
                        .build()),
                SetBucketVersioningResponse::getError);
    }

    /**
     * One page of every version and delete marker whose key starts with {@code prefix}, after the markers (empty:
     * from the start), rolled up at {@code delimiter} (empty: none).
     */
    public KeyVersionPage listVersions(
            String prefix, String keyMarker, String versionIdMarker, String delimiter, int maxResults) {
        return OmTranslator.versions(om.call(
                "ListKeyVersions",
                stub -> stub.listKeyVersions(ListKeyVersionsRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucketName)
                        .setPrefix(prefix)
                        .setKeyMarker(keyMarker)
                        .setVersionIdMarker(versionIdMarker)
                        .setDelimiter(delimiter)
                        .setMaxResults(maxResults)
                        .build()),
                ListKeyVersionsResponse::getError));
    }

    /**
     * Deletes a key, or with a {@code versionId} that version for good; without one, a versioned bucket gets a
     * delete marker instead.
     *
     * @throws dev.o3.client.om.OmException KEY_NOT_FOUND (unversioned bucket), NO_SUCH_VERSION
     */
    public DeletedVersion deleteVersion(String name, String versionId) {
        DeleteKeyResponse response = om.call(
                "DeleteKey",
                stub -> stub.deleteKey(DeleteKeyRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucketName)
                        .setName(name)
                        .setVersionId(versionId)
                        .build()),
                DeleteKeyResponse::getError);
        return new DeletedVersion(response.getVersionId(), response.getDeleteMarker());
    }

    /**
     * A key's metadata.
     *
     * @throws dev.o3.client.om.OmException KEY_NOT_FOUND
     */
    public KeyInfo getKey(String name) {
        return OmTranslator.key(lookup(name));
    }

    /**
     * A key's metadata, without blocking. The future completes on the transport thread (see
     * {@link OmClient#callAsync}).
     *
     * @return the key, or a failure with {@link dev.o3.client.om.OmException} KEY_NOT_FOUND
     */
    public CompletableFuture<KeyInfo> getKeyAsync(String name) {
        return om.lookupKeyAsync(lookupRequest(name)).thenApply(response -> OmTranslator.key(response.getKey()));
    }

    /**
     * Creates (or replaces) an empty key without blocking and without datanode I/O, as a zero-byte upload or a
     * directory marker needs: one CreateKey that commits the key at once (no blocks, no session). The future completes
     * on the transport thread.
     *
     * @return completion, or a failure with {@link dev.o3.client.om.OmException} BUCKET_NOT_FOUND, INVALID_KEY_NAME
     */
    public CompletableFuture<Void> createEmptyKeyAsync(String name) {
        CreateKeyRequest request = createRequest(name, 0, new KeyArgs("", Map.of(), Map.of())).toBuilder()
                .setEmpty(true)
                .build();
        return om.writeAsync(
                        "CreateKey",
                        OmCall.newBuilder().setCreateKey(request),
                        OmReply::getCreateKey,
                        CreateKeyResponse::getError)
                .thenAccept(created -> {});
    }

    /** Keys whose names start with {@code prefix} and sort after {@code startAfter}, in name order. */
    public List<KeyInfo> listKeys(String prefix, String startAfter, int limit) {
        List<KeyInfo> keys = new ArrayList<>();
        String after = startAfter;
        while (keys.size() < limit) {
            String from = after;
            int pageSize = Math.min(PAGE, limit - keys.size());
            ListKeysResponse page = om.call(
                    "ListKeys",
                    stub -> stub.listKeys(ListKeysRequest.newBuilder()
                            .setVolume(volume)
                            .setBucket(bucketName)
                            .setPrefix(prefix)
                            .setStartAfter(from)
                            .setMaxResults(pageSize)
                            .build()),
                    ListKeysResponse::getError);
            page.getKeysList().forEach(key -> keys.add(OmTranslator.key(key)));
            if (!page.getTruncated() || page.getKeysCount() == 0) {
                break;
            }
            after = page.getKeys(page.getKeysCount() - 1).getName();
        }
        return keys;
    }

    /**
     * Deletes a key; its blocks are freed in the background.
     *
     * @throws dev.o3.client.om.OmException KEY_NOT_FOUND
     */
    public void deleteKey(String name) {
        om.call(
                "DeleteKey",
                stub -> stub.deleteKey(DeleteKeyRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucketName)
                        .setName(name)
                        .build()),
                DeleteKeyResponse::getError);
    }

    /**
     * Renames a key within the bucket.
     *
     * @throws dev.o3.client.om.OmException KEY_NOT_FOUND, KEY_ALREADY_EXISTS
     */
    public void renameKey(String from, String to) {
        om.call(
                "RenameKey",
                stub -> stub.renameKey(RenameKeyRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucketName)
                        .setFromName(from)
                        .setToName(to)
                        .build()),
                RenameKeyResponse::getError);
    }

    private dev.o3.proto.om.KeyInfo lookup(String name) {
        return om.lookupKey(lookupRequest(name)).getKey();
    }

    private LookupKeyRequest lookupRequest(String name) {
        return LookupKeyRequest.newBuilder()
                .setVolume(volume)
                .setBucket(bucketName)
                .setName(name)
                .build();
    }
}
