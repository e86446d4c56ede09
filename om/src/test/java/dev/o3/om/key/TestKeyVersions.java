package dev.o3.om.key;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.om.db.KeyOrder;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.om.testing.Namespace;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.BucketVersioning;
import dev.o3.proto.om.CommitKeyRequest;
import dev.o3.proto.om.CommitKeyResponse;
import dev.o3.proto.om.CreateKeyRequest;
import dev.o3.proto.om.DeleteBucketRequest;
import dev.o3.proto.om.DeleteKeyRequest;
import dev.o3.proto.om.DeleteKeyResponse;
import dev.o3.proto.om.DeleteKeysRequest;
import dev.o3.proto.om.DeleteKeysResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.KeyVersion;
import dev.o3.proto.om.LifecycleExpireRequest;
import dev.o3.proto.om.LifecycleExpireResponse;
import dev.o3.proto.om.LifecycleVersion;
import dev.o3.proto.om.ListKeyVersionsRequest;
import dev.o3.proto.om.ListKeyVersionsResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransactionReply;
import dev.o3.proto.om.SetBucketVersioningRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The version layout and the apply logic of versioned buckets and conditional writes. */
class TestKeyVersions {
    private static final Caller ADMIN_CALLER = new Caller(ADMIN, true);
    /** The keys are written without a replication config: a key of n bytes uses n. */
    private static final int FACTOR = 1;

    @TempDir
    Path directory;

    private Namespace namespace;
    private final AtomicLong sessions = new AtomicLong(5_000_000);
    private final AtomicLong blocks = new AtomicLong(9_000);

    @BeforeEach
    void open() {
        namespace = new Namespace(directory);
        namespace.volume("vol");
        namespace.bucket("vol", "bkt", BucketLayout.OBJECT_STORE);
    }

    @AfterEach
    void close() {
        namespace.close();
    }

    @Test
    void versionRowsSortNewestFirstRightAfterTheirKey() {
        String older = RowKeys.version("vol", "bkt", "k", 5);
        String newer = RowKeys.version("vol", "bkt", "k", 6);
        assertThat(KeyOrder.compare(newer, older)).isNegative();
        assertThat(KeyOrder.compare(RowKeys.key("vol", "bkt", "k"), newer)).isNegative();
        assertThat(KeyOrder.compare(older, RowKeys.key("vol", "bkt", "k "))).isNegative();
        assertThat(older).startsWith(RowKeys.versionsOf("vol", "bkt", "k"));
    }

    @Test
    void enabledBucketKeepsEveryVersionAndCountsThemInUsage() throws Exception {
        versioning(BucketVersioning.VERSIONING_ENABLED);
        String v1 = put("k", 10);
        String v2 = put("k", 20);
        assertThat(v1).hasSize(16).isNotEqualTo(v2);
        assertThat(lookup("k", "").getSize()).isEqualTo(20);
        assertThat(lookup("k", "").getVersionId()).isEqualTo(v2);
        assertThat(lookup("k", v1).getSize()).isEqualTo(10);
        assertThat(bucket().getUsedBytes()).isEqualTo(30 * FACTOR);
        assertThat(bucket().getUsedNamespace()).isEqualTo(2);
        assertThat(versions()).containsExactly("k " + v2 + " latest", "k " + v1);
        assertThat(deletedKeys()).as("nothing freed").isZero();
    }

    @Test
    void deleteWithoutVersionAddsAMarkerThatDeletingRemoves() throws Exception {
        versioning(BucketVersioning.VERSIONING_ENABLED);
        String v1 = put("k", 10);
        DeleteKeyResponse marker = delete("k", "");
        assertThat(marker.getDeleteMarker()).isTrue();
        assertThat(lookupStatus("k", "")).isEqualTo(OmStatus.KEY_NOT_FOUND);
        assertThat(lookupStatus("k", marker.getVersionId())).isEqualTo(OmStatus.METHOD_NOT_ALLOWED);
        assertThat(versions()).containsExactly("k " + marker.getVersionId() + " latest marker", "k " + v1);
        assertThat(bucket().getUsedBytes()).isEqualTo(10 * FACTOR);

        DeleteKeyResponse removed = delete("k", marker.getVersionId());
        assertThat(removed.getDeleteMarker()).isTrue();
        assertThat(lookup("k", "").getVersionId()).as("the object is back").isEqualTo(v1);
        assertThat(versions()).containsExactly("k " + v1 + " latest");
    }

    @Test
    void lifecycleRemovesOnlyVersionsStillNoncurrentAndOnlyLoneDeleteMarkers() throws Exception {
        versioning(BucketVersioning.VERSIONING_ENABLED);
        String v1 = put("k", 10);
        String v2 = put("k", 20);
        String gone = put("gone", 5);
        String marker = delete("gone", "").getVersionId();
        String kept = put("kept", 1);
        String keptMarker = delete("kept", "").getVersionId();
        LifecycleExpireRequest request = LifecycleExpireRequest.newBuilder()
                .setVolume("vol")
                .setBucket("bkt")
                .addNoncurrentVersions(lifecycleVersion("k", v1))
                .addNoncurrentVersions(lifecycleVersion("k", v2))
                .addNoncurrentVersions(lifecycleVersion("gone", gone))
                .addDeleteMarkers(lifecycleVersion("gone", marker))
                .addDeleteMarkers(lifecycleVersion("kept", keptMarker))
                .build();

        LifecycleExpireResponse response =
                namespace.ok(ADMIN, LifecycleExpireResponse.parser(), t -> t.setLifecycleExpire(request));

        assertThat(response.getDeletedVersions())
                .as("v2 is current, so it stays")
                .isEqualTo(2);
        assertThat(response.getDeletedMarkers())
                .as("kept still has a version under its marker")
                .isEqualTo(1);
        assertThat(versions())
                .containsExactly("k " + v2 + " latest", "kept " + keptMarker + " latest marker", "kept " + kept);
        assertThat(bucket().getUsedBytes()).isEqualTo(21 * FACTOR);
    }

    @Test
    void deletingTheCurrentVersionPromotesThePreviousAndFreesIt() throws Exception {
        versioning(BucketVersioning.VERSIONING_ENABLED);
        String v1 = put("k", 10);
        String v2 = put("k", 20);
        delete("k", v2);
        assertThat(lookup("k", "").getVersionId()).isEqualTo(v1);
        assertThat(lookupStatus("k", v2)).isEqualTo(OmStatus.NO_SUCH_VERSION);
        assertThat(bucket().getUsedBytes()).isEqualTo(10 * FACTOR);
        assertThat(bucket().getUsedNamespace()).isEqualTo(1);
        assertThat(deletedKeys()).isEqualTo(1);
        delete("k", v1);
        assertThat(lookupStatus("k", "")).isEqualTo(OmStatus.KEY_NOT_FOUND);
        assertThat(versions()).isEmpty();
        assertThat(deleteStatus("k", v1)).isEqualTo(OmStatus.NO_SUCH_VERSION);
    }

    @Test
    void suspendedWritesAndDeletesReplaceTheNullVersion() throws Exception {
        put("k", 10);
        versioning(BucketVersioning.VERSIONING_ENABLED);
        String v1 = put("k", 20);
        versioning(BucketVersioning.VERSIONING_SUSPENDED);
        assertThat(put("k", 30)).isEqualTo("null");
        assertThat(versions()).as("the first null version was replaced").containsExactly("k null latest", "k " + v1);
        assertThat(put("k", 40)).isEqualTo("null");
        assertThat(versions()).containsExactly("k null latest", "k " + v1);
        assertThat(lookup("k", "null").getSize()).isEqualTo(40);
        assertThat(bucket().getUsedBytes()).isEqualTo(60 * FACTOR);
        assertThat(deletedKeys()).isEqualTo(2);

        DeleteKeyResponse marker = delete("k", "");
        assertThat(marker.getVersionId()).isEqualTo("null");
        assertThat(versions()).containsExactly("k null latest marker", "k " + v1);
        assertThat(bucket().getUsedBytes()).isEqualTo(20 * FACTOR);
    }

    @Test
    void unversionedBucketListsEveryKeyAsTheNullVersion() throws Exception {
        put("a", 1);
        put("b", 1);
        assertThat(put("a", 2)).isEmpty();
        assertThat(versions()).containsExactly("a null latest", "b null latest");
        assertThat(lookup("a", "").getVersionId())
                .as("no id shown in an unversioned bucket")
                .isEmpty();
        assertThat(lookup("a", "null").getSize()).isEqualTo(2);
        delete("a", "null");
        assertThat(versions()).containsExactly("b null latest");
        assertThat(lookupStatus("b", "0000000000000001")).isEqualTo(OmStatus.NO_SUCH_VERSION);
    }

    @Test
    void pagesWithMarkersAndDelimiterCoverTheListingOnce() throws Exception {
        versioning(BucketVersioning.VERSIONING_ENABLED);
        for (String name : List.of("a", "d/x", "d/y", "e")) {
            put(name, 1);
            put(name, 2);
        }
        delete("e", "");
        List<String> whole = versions();
        assertThat(whole).hasSize(9);
        List<String> paged = new ArrayList<>();
        String keyMarker = "";
        String versionMarker = "";
        while (true) {
            ListKeyVersionsResponse page = list("", "", keyMarker, versionMarker, 2);
            page.getVersionsList().forEach(version -> paged.add(describe(version)));
            if (!page.getTruncated()) {
                break;
            }
            keyMarker = page.getNextKeyMarker();
            versionMarker = page.getNextVersionIdMarker();
        }
        assertThat(paged).isEqualTo(whole);

        ListKeyVersionsResponse grouped = list("", "/", "", "", 1000);
        assertThat(grouped.getCommonPrefixesList()).containsExactly("d/");
        assertThat(grouped.getVersionsList()).hasSize(5);
        ListKeyVersionsResponse first = list("", "/", "", "", 3);
        assertThat(first.getCommonPrefixesList()).containsExactly("d/");
        assertThat(first.getNextKeyMarker()).isEqualTo("d/");
        ListKeyVersionsResponse rest = list("", "/", "d/", "", 1000);
        assertThat(rest.getCommonPrefixesList()).isEmpty();
        assertThat(rest.getVersionsList()).hasSize(3);
        assertThat(list("d/", "", "", "", 1000).getVersionsList()).hasSize(4);
    }

    @Test
    void deleteKeysRemovesNamedVersions() throws Exception {
        versioning(BucketVersioning.VERSIONING_ENABLED);
        String v1 = put("k", 1);
        String v2 = put("k", 2);
        DeleteKeysResponse response = namespace.ok(
                ADMIN,
                DeleteKeysResponse.parser(),
                t -> t.setDeleteKeys(DeleteKeysRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("bkt")
                        .addNames("k")
                        .addVersionIds(v2)
                        .addNames("k")
                        .addVersionIds(v1)));
        assertThat(response.getDeletedList()).containsExactly("k", "k");
        assertThat(versions()).isEmpty();
        assertThat(bucket().getUsedBytes()).isZero();
    }

    @Test
    void aBucketWithVersionsLeftIsNotEmpty() throws Exception {
        versioning(BucketVersioning.VERSIONING_ENABLED);
        String v1 = put("k", 1);
        DeleteKeyResponse marker = delete("k", "");
        assertThat(deleteBucket()).isEqualTo(OmStatus.BUCKET_NOT_EMPTY);
        delete("k", v1);
        assertThat(deleteBucket()).as("a delete marker is a version").isEqualTo(OmStatus.BUCKET_NOT_EMPTY);
        delete("k", marker.getVersionId());
        assertThat(deleteBucket()).isEqualTo(OmStatus.OK);
    }

    @Test
    void versioningIsRefusedOnFsoBucketsAndCannotBeUnset() throws Exception {
        namespace.bucket("vol", "fso", BucketLayout.FILE_SYSTEM_OPTIMIZED);
        assertThat(setVersioning("fso", BucketVersioning.VERSIONING_ENABLED)).isEqualTo(OmStatus.INVALID_REQUEST);
        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setDeleteKey(DeleteKeyRequest.newBuilder()
                                .setVolume("vol")
                                .setBucket("fso")
                                .setName("k")
                                .setVersionId("null"))))
                .isEqualTo(OmStatus.INVALID_REQUEST);
        assertThatThrownBy(() -> KeyReads.lookup(namespace.store(), ADMIN_CALLER, "vol", "fso", "k", "null"))
                .isInstanceOfSatisfying(
                        OmException.class, e -> assertThat(e.status()).isEqualTo(OmStatus.INVALID_REQUEST));
        assertThat(setVersioning("bkt", BucketVersioning.VERSIONING_UNSET)).isEqualTo(OmStatus.INVALID_REQUEST);
        assertThat(namespace.status(
                        "mallory",
                        t -> t.setSetBucketVersioning(SetBucketVersioningRequest.newBuilder()
                                .setVolume("vol")
                                .setName("bkt")
                                .setVersioning(BucketVersioning.VERSIONING_ENABLED))))
                .isEqualTo(OmStatus.PERMISSION_DENIED);
    }

    @Test
    void ifNoneMatchFailsAtCreateWhenTheKeyExistsAndAtCommitWhenAConcurrentWriteWon() throws Exception {
        put("k", 1);
        assertThat(create("k", true, "").status()).isEqualTo(OmStatus.PRECONDITION_FAILED);

        Session first = create("new", true, "");
        Session second = create("new", true, "");
        assertThat(first.status()).isEqualTo(OmStatus.OK);
        assertThat(second.status()).as("both start while the key is absent").isEqualTo(OmStatus.OK);
        assertThat(commit(first)).isEqualTo(OmStatus.OK);
        assertThat(commit(second)).isEqualTo(OmStatus.CONDITIONAL_REQUEST_CONFLICT);
        assertThat(lookup("new", "").getSize()).isEqualTo(first.size());
    }

    @Test
    void ifMatchComparesTheCurrentEtag() {
        put("k", 1);
        assertThat(create("missing", false, "\"etag-missing\"").status()).isEqualTo(OmStatus.KEY_NOT_FOUND);
        assertThat(create("k", false, "\"other\"").status()).isEqualTo(OmStatus.PRECONDITION_FAILED);
        Session matching = create("k", false, "\"etag-k\"");
        Session concurrent = create("k", false, "etag-k");
        assertThat(commit(concurrent)).isEqualTo(OmStatus.OK);
        assertThat(commit(matching)).as("the ETag changed since").isEqualTo(OmStatus.CONDITIONAL_REQUEST_CONFLICT);
    }

    private record Session(OmStatus status, long clientId, BlockLocation block, String name, long size) {}

    private Session create(String name, boolean ifNoneMatch, String ifMatch) {
        long clientId = sessions.incrementAndGet();
        long size = clientId % 1000;
        BlockLocation block = BlockLocation.newBuilder()
                .setBlockId(BlockId.newBuilder().setContainerId(1).setLocalId(blocks.incrementAndGet()))
                .setLength(size)
                .build();
        OmTransactionReply reply = namespace.apply(ADMIN, t -> t.setClientId(clientId)
                .addAllocatedBlocks(block)
                .setCreateKey(CreateKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("bkt")
                        .setName(name)
                        .setSize(size)
                        .setIfNoneMatch(ifNoneMatch)
                        .setIfMatch(ifMatch)));
        return new Session(reply.hasError() ? reply.getError().getStatus() : OmStatus.OK, clientId, block, name, size);
    }

    private OmStatus commit(Session session) {
        return namespace.status(
                ADMIN,
                t -> t.setCommitKey(CommitKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("bkt")
                        .setName(session.name())
                        .setClientId(session.clientId())
                        .setSize(session.size())
                        .addBlocks(session.block())
                        .setEtag("etag-" + session.name() + "-" + session.clientId())));
    }

    /** Writes a key of {@code size} bytes; returns its version id as S3 reports it. */
    private String put(String name, long size) {
        long clientId = sessions.incrementAndGet();
        BlockLocation block = BlockLocation.newBuilder()
                .setBlockId(BlockId.newBuilder().setContainerId(1).setLocalId(blocks.incrementAndGet()))
                .setLength(size)
                .build();
        namespace.ok(ADMIN, dev.o3.proto.om.CreateKeyResponse.parser(), t -> t.setClientId(clientId)
                .addAllocatedBlocks(block)
                .setCreateKey(CreateKeyRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("bkt")
                        .setName(name)
                        .setSize(size)));
        return namespace
                .ok(
                        ADMIN,
                        CommitKeyResponse.parser(),
                        t -> t.setCommitKey(CommitKeyRequest.newBuilder()
                                .setVolume("vol")
                                .setBucket("bkt")
                                .setName(name)
                                .setClientId(clientId)
                                .setSize(size)
                                .addBlocks(block)
                                .setEtag("etag-" + name)))
                .getVersionId();
    }

    private DeleteKeyResponse delete(String name, String versionId) {
        return namespace.ok(ADMIN, DeleteKeyResponse.parser(), t -> t.setDeleteKey(deleteRequest(name, versionId)));
    }

    private OmStatus deleteStatus(String name, String versionId) {
        return namespace.status(ADMIN, t -> t.setDeleteKey(deleteRequest(name, versionId)));
    }

    private static DeleteKeyRequest deleteRequest(String name, String versionId) {
        return DeleteKeyRequest.newBuilder()
                .setVolume("vol")
                .setBucket("bkt")
                .setName(name)
                .setVersionId(versionId)
                .build();
    }

    private void versioning(BucketVersioning versioning) {
        assertThat(setVersioning("bkt", versioning)).isEqualTo(OmStatus.OK);
    }

    private OmStatus setVersioning(String bucket, BucketVersioning versioning) {
        return namespace.status(
                ADMIN,
                t -> t.setSetBucketVersioning(SetBucketVersioningRequest.newBuilder()
                        .setVolume("vol")
                        .setName(bucket)
                        .setVersioning(versioning)));
    }

    private OmStatus deleteBucket() {
        return namespace.status(
                ADMIN,
                t -> t.setDeleteBucket(
                        DeleteBucketRequest.newBuilder().setVolume("vol").setName("bkt")));
    }

    private KeyInfo lookup(String name, String versionId) throws OmException {
        return KeyReads.lookup(namespace.store(), ADMIN_CALLER, "vol", "bkt", name, versionId);
    }

    private OmStatus lookupStatus(String name, String versionId) {
        try {
            lookup(name, versionId);
            return OmStatus.OK;
        } catch (OmException e) {
            return e.status();
        }
    }

    private BucketInfo bucket() {
        return namespace
                .store()
                .get(OmSchema.BUCKETS, RowKeys.bucket("vol", "bkt"))
                .orElseThrow();
    }

    private int deletedKeys() {
        return namespace
                .store()
                .scan(OmSchema.DELETED_KEYS, "", "", Integer.MAX_VALUE)
                .size();
    }

    private List<String> versions() throws OmException {
        return list("", "", "", "", 1000).getVersionsList().stream()
                .map(TestKeyVersions::describe)
                .toList();
    }

    private ListKeyVersionsResponse list(
            String prefix, String delimiter, String keyMarker, String versionMarker, int max) throws OmException {
        return KeyReads.listVersions(
                namespace.store(),
                ADMIN_CALLER,
                ListKeyVersionsRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("bkt")
                        .setPrefix(prefix)
                        .setDelimiter(delimiter)
                        .setKeyMarker(keyMarker)
                        .setVersionIdMarker(versionMarker)
                        .setMaxResults(max)
                        .build());
    }

    private static LifecycleVersion lifecycleVersion(String name, String versionId) {
        return LifecycleVersion.newBuilder()
                .setName(name)
                .setVersionId(versionId)
                .build();
    }

    private static String describe(KeyVersion version) {
        return version.getKey().getName() + " " + version.getKey().getVersionId()
                + (version.getLatest() ? " latest" : "")
                + (version.getKey().getDeleteMarker() ? " marker" : "");
    }
}
