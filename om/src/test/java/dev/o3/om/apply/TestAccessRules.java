package dev.o3.om.apply;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.om.bucket.BucketReads;
import dev.o3.om.key.KeyReads;
import dev.o3.om.multipart.MultipartReads;
import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.om.testing.Namespace;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.CreateBucketRequest;
import dev.o3.proto.om.DeleteKeyRequest;
import dev.o3.proto.om.GetAclRequest;
import dev.o3.proto.om.GetAclResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.ListKeysRequest;
import dev.o3.proto.om.ListKeysResponse;
import dev.o3.proto.om.ListPartsRequest;
import dev.o3.proto.om.ListPartsResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.SetBucketAclRequest;
import dev.o3.proto.om.SetKeyAclRequest;
import java.nio.file.Path;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Who may read, write and change ACLs of S3 buckets and keys: owners, canned ACLs and anonymous callers. */
class TestAccessRules {
    private static final Caller ALICE = new Caller("alice", false);
    private static final Caller BOB = new Caller("bob", false);
    private static final Caller NOBODY = Caller.anonymousCaller();
    private static final Caller ADMIN_CALLER = new Caller(ADMIN, true);

    @TempDir
    Path directory;

    private Namespace namespace;

    @BeforeEach
    void open() {
        namespace = new Namespace(directory);
        namespace.volume("s3v");
        assertThat(createBucket(ALICE, "photos", "", "")).isEqualTo(OmStatus.OK);
        assertThat(namespace.key(ALICE, "s3v", "photos", "cat.jpg", 10, "")).isEqualTo(OmStatus.OK);
    }

    @AfterEach
    void close() {
        namespace.close();
    }

    @Test
    void aPrivateBucketIsItsOwnersAndTheAdministrators() throws OmException {
        assertThat(BucketReads.info(namespace.store(), ALICE, "s3v", "photos").getOwner())
                .isEqualTo("alice");
        assertThat(BucketReads.info(namespace.store(), ALICE, "s3v", "photos").getAcl())
                .isEqualTo("private");
        assertThat(lookup(ADMIN_CALLER, "cat.jpg").getSize()).isEqualTo(10);
        for (Caller other : new Caller[] {BOB, NOBODY}) {
            assertDenied(() -> lookup(other, "cat.jpg"));
            assertDenied(() -> list(other));
            assertDenied(() -> BucketReads.info(namespace.store(), other, "s3v", "photos"));
            assertDenied(() -> KeyReads.status(namespace.store(), other, "s3v", "photos", "cat.jpg"));
            assertDenied(() -> listParts(other));
            assertThat(namespace.key(other, "s3v", "photos", "dog.jpg", 1, "")).isEqualTo(OmStatus.PERMISSION_DENIED);
            assertThat(delete(other, "cat.jpg")).isEqualTo(OmStatus.PERMISSION_DENIED);
            assertThat(setBucketAcl(other, "public-read")).isEqualTo(OmStatus.PERMISSION_DENIED);
        }
    }

    @Test
    void publicReadLetsAnyoneReadAndListButNotWrite() throws OmException {
        assertThat(setBucketAcl(ALICE, "public-read")).isEqualTo(OmStatus.OK);

        for (Caller other : new Caller[] {BOB, NOBODY}) {
            assertThat(lookup(other, "cat.jpg").getSize()).isEqualTo(10);
            assertThat(list(other).getKeysCount()).isEqualTo(1);
            assertThat(BucketReads.info(namespace.store(), other, "s3v", "photos")
                            .getAcl())
                    .isEqualTo("public-read");
            assertStatus(() -> lookup(other, "missing.jpg"), OmStatus.KEY_NOT_FOUND);
            assertThat(namespace.key(other, "s3v", "photos", "dog.jpg", 1, "")).isEqualTo(OmStatus.PERMISSION_DENIED);
            assertThat(delete(other, "cat.jpg")).isEqualTo(OmStatus.PERMISSION_DENIED);
        }
        assertStatus(() -> listParts(NOBODY), OmStatus.NO_SUCH_MULTIPART_UPLOAD);
    }

    @Test
    void publicReadWriteLetsAnyoneWriteAndDelete() throws OmException {
        assertThat(setBucketAcl(ALICE, "public-read-write")).isEqualTo(OmStatus.OK);

        assertThat(namespace.key(NOBODY, "s3v", "photos", "drop.bin", 5, "")).isEqualTo(OmStatus.OK);
        assertThat(lookup(ALICE, "drop.bin").getSize()).isEqualTo(5);
        assertThat(delete(NOBODY, "cat.jpg")).isEqualTo(OmStatus.OK);
        assertThat(setBucketAcl(NOBODY, "private")).as("ACLs stay the owner's").isEqualTo(OmStatus.PERMISSION_DENIED);
        assertThat(setBucketAcl(BOB, "private")).isEqualTo(OmStatus.PERMISSION_DENIED);
    }

    @Test
    void authenticatedReadLetsNamedUsersReadButNotAnonymousCallers() throws OmException {
        assertThat(setBucketAcl(ALICE, "authenticated-read")).isEqualTo(OmStatus.OK);

        assertThat(lookup(BOB, "cat.jpg").getSize()).isEqualTo(10);
        assertThat(list(BOB).getKeysCount()).isEqualTo(1);
        assertDenied(() -> lookup(NOBODY, "cat.jpg"));
        assertDenied(() -> list(NOBODY));
        assertThat(namespace.key(BOB, "s3v", "photos", "dog.jpg", 1, "")).isEqualTo(OmStatus.PERMISSION_DENIED);
    }

    @Test
    void aKeyAclLetsOthersReadThatKeyOnly() throws OmException {
        assertThat(namespace.key(ALICE, "s3v", "photos", "public.jpg", 7, "public-read"))
                .isEqualTo(OmStatus.OK);

        assertThat(lookup(NOBODY, "public.jpg").getSize()).isEqualTo(7);
        assertThat(KeyReads.status(namespace.store(), BOB, "s3v", "photos", "public.jpg")
                        .getSize())
                .isEqualTo(7);
        assertDenied(() -> lookup(NOBODY, "cat.jpg"));
        assertDenied(() -> lookup(NOBODY, "missing.jpg"));
        assertDenied(() -> list(NOBODY));

        assertThat(setKeyAcl(BOB, "cat.jpg", "public-read")).isEqualTo(OmStatus.PERMISSION_DENIED);
        assertThat(setKeyAcl(ALICE, "cat.jpg", "authenticated-read")).isEqualTo(OmStatus.OK);
        assertThat(lookup(BOB, "cat.jpg").getSize()).isEqualTo(10);
        assertDenied(() -> lookup(NOBODY, "cat.jpg"));
        assertThat(setKeyAcl(ALICE, "missing.jpg", "private")).isEqualTo(OmStatus.KEY_NOT_FOUND);
        assertThat(setKeyAcl(ALICE, "cat.jpg", "everyone")).isEqualTo(OmStatus.INVALID_REQUEST);
        assertThat(namespace.key(ALICE, "s3v", "photos", "cat.jpg", 3, ""))
                .as("an overwrite comes with its own ACL")
                .isEqualTo(OmStatus.OK);
        assertDenied(() -> lookup(BOB, "cat.jpg"));
    }

    @Test
    void onlyOwnersAndAdministratorsReadAcls() throws OmException {
        assertThat(setKeyAcl(ALICE, "cat.jpg", "public-read")).isEqualTo(OmStatus.OK);

        GetAclResponse bucketAcl = BucketReads.acl(namespace.store(), ALICE, aclOf(""));
        GetAclResponse keyAcl = BucketReads.acl(namespace.store(), ADMIN_CALLER, aclOf("cat.jpg"));
        assertThat(bucketAcl.getOwner()).isEqualTo("alice");
        assertThat(bucketAcl.getAcl()).isEqualTo("private");
        assertThat(keyAcl.getOwner()).as("the bucket owner owns its keys").isEqualTo("alice");
        assertThat(keyAcl.getAcl()).isEqualTo("public-read");
        assertDenied(() -> BucketReads.acl(namespace.store(), BOB, aclOf("")));
        assertDenied(() -> BucketReads.acl(namespace.store(), NOBODY, aclOf("cat.jpg")));
        assertStatus(() -> BucketReads.acl(namespace.store(), ALICE, aclOf("missing")), OmStatus.KEY_NOT_FOUND);
    }

    @Test
    void bucketsAreCreatedByNamedUsersForThemselvesWithAKnownAcl() throws OmException {
        assertThat(createBucket(BOB, "bobs", "", "public-read")).isEqualTo(OmStatus.OK);
        assertThat(BucketReads.info(namespace.store(), NOBODY, "s3v", "bobs").getOwner())
                .isEqualTo("bob");
        assertThat(createBucket(BOB, "for-alice", "alice", "")).isEqualTo(OmStatus.PERMISSION_DENIED);
        assertThat(createBucket(ADMIN_CALLER, "for-alice", "alice", "")).isEqualTo(OmStatus.OK);
        assertThat(createBucket(NOBODY, "anonymous", "", "")).isEqualTo(OmStatus.PERMISSION_DENIED);
        assertThat(createBucket(BOB, "odd", "", "world-writable")).isEqualTo(OmStatus.INVALID_REQUEST);
        assertThat(setBucketAcl(ALICE, "")).isEqualTo(OmStatus.INVALID_REQUEST);
    }

    @Test
    void aUserNamedAnonymousIsNotTheAnonymousCaller() {
        Caller named = new Caller(Caller.ANONYMOUS_NAME, false);
        assertThat(createBucket(named, "named", "", "")).isEqualTo(OmStatus.OK);
        assertThat(namespace.key(NOBODY, "s3v", "named", "k", 1, "")).isEqualTo(OmStatus.PERMISSION_DENIED);
        assertThat(NOBODY.ownsOrAdmin(Caller.ANONYMOUS_NAME)).isFalse();
        assertThatThrownBy(() -> new Caller("x", true, true)).isInstanceOf(IllegalArgumentException.class);
    }

    private OmStatus createBucket(Caller caller, String name, String owner, String acl) {
        return namespace.status(
                caller,
                t -> t.setCreateBucket(CreateBucketRequest.newBuilder()
                        .setBucket(BucketInfo.newBuilder()
                                .setVolume("s3v")
                                .setName(name)
                                .setOwner(owner)
                                .setAcl(acl))));
    }

    private OmStatus setBucketAcl(Caller caller, String acl) {
        return namespace.status(
                caller,
                t -> t.setSetBucketAcl(SetBucketAclRequest.newBuilder()
                        .setVolume("s3v")
                        .setName("photos")
                        .setAcl(acl)));
    }

    private OmStatus setKeyAcl(Caller caller, String key, String acl) {
        return namespace.status(
                caller,
                t -> t.setSetKeyAcl(SetKeyAclRequest.newBuilder()
                        .setVolume("s3v")
                        .setBucket("photos")
                        .setName(key)
                        .setAcl(acl)));
    }

    private OmStatus delete(Caller caller, String key) {
        return namespace.status(
                caller,
                t -> t.setDeleteKey(DeleteKeyRequest.newBuilder()
                        .setVolume("s3v")
                        .setBucket("photos")
                        .setName(key)));
    }

    private KeyInfo lookup(Caller caller, String key) throws OmException {
        return KeyReads.lookup(namespace.store(), caller, "s3v", "photos", key);
    }

    private ListKeysResponse list(Caller caller) throws OmException {
        return KeyReads.list(
                namespace.store(),
                caller,
                ListKeysRequest.newBuilder()
                        .setVolume("s3v")
                        .setBucket("photos")
                        .build());
    }

    private static GetAclRequest aclOf(String key) {
        return GetAclRequest.newBuilder()
                .setVolume("s3v")
                .setBucket("photos")
                .setKey(key)
                .build();
    }

    private ListPartsResponse listParts(Caller caller) throws OmException {
        return MultipartReads.listParts(
                namespace.store(),
                caller,
                ListPartsRequest.newBuilder()
                        .setVolume("s3v")
                        .setBucket("photos")
                        .setName("cat.jpg")
                        .setUploadId("none")
                        .build());
    }

    private static void assertDenied(ThrowingCallable call) {
        assertStatus(call, OmStatus.PERMISSION_DENIED);
    }

    private static void assertStatus(ThrowingCallable call, OmStatus status) {
        assertThatThrownBy(call).isInstanceOfSatisfying(OmException.class, e -> assertThat(e.status())
                .isEqualTo(status));
    }
}
