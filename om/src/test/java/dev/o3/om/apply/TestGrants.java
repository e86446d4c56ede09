package dev.o3.om.apply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.om.bucket.BucketReads;
import dev.o3.om.db.OmSchema;
import dev.o3.om.key.KeyReads;
import dev.o3.om.request.Caller;
import dev.o3.om.request.Grants;
import dev.o3.om.request.OmException;
import dev.o3.om.testing.Namespace;
import dev.o3.proto.om.AclGrant;
import dev.o3.proto.om.AclGroup;
import dev.o3.proto.om.AclPermission;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.BucketPolicy;
import dev.o3.proto.om.CreateBucketRequest;
import dev.o3.proto.om.GetAclRequest;
import dev.o3.proto.om.GetS3SecretRequest;
import dev.o3.proto.om.InitiateMultipartUploadRequest;
import dev.o3.proto.om.ListKeysRequest;
import dev.o3.proto.om.MultipartUploadRecord;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.PolicyStatement;
import dev.o3.proto.om.SetBucketAclRequest;
import dev.o3.proto.om.SetBucketConfigRequest;
import dev.o3.proto.om.SetKeyAclRequest;
import dev.o3.server.db.KeyValue;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Per-user and group grants on buckets and keys, and how they combine with ownership and the bucket policy. */
class TestGrants {
    private static final Caller ALICE = new Caller("alice", false);
    private static final Caller BOB = new Caller("bob", false);
    private static final Caller CAROL = new Caller("carol", false);
    private static final Caller NOBODY = Caller.anonymousCaller();

    @TempDir
    Path directory;

    private Namespace namespace;

    @BeforeEach
    void open() {
        namespace = new Namespace(directory);
        namespace.volume("s3v");
        assertThat(namespace.status(
                        ALICE,
                        t -> t.setCreateBucket(CreateBucketRequest.newBuilder()
                                .setBucket(
                                        BucketInfo.newBuilder().setVolume("s3v").setName("photos")))))
                .isEqualTo(OmStatus.OK);
        assertThat(namespace.key(ALICE, "s3v", "photos", "cat.jpg", 10, "")).isEqualTo(OmStatus.OK);
        for (String user : List.of("bob", "carol")) {
            assertThat(namespace.status(user, t -> t.setSecret("secret-" + user)
                            .setGetS3Secret(GetS3SecretRequest.newBuilder().setCreateIfAbsent(true))))
                    .isEqualTo(OmStatus.OK);
        }
    }

    @AfterEach
    void close() {
        namespace.close();
    }

    @Test
    void aUserGrantOnTheBucketLetsThatUserListReadAndWrite() throws OmException {
        assertDenied(() -> lookup(BOB, "cat.jpg"));
        assertThat(setBucketGrants(ALICE, Grants.user("bob", AclPermission.ACL_READ)))
                .isEqualTo(OmStatus.OK);

        assertThat(lookup(BOB, "cat.jpg").getSize()).isEqualTo(10);
        assertThat(list(BOB)).isEqualTo(1);
        assertDenied(() -> lookup(CAROL, "cat.jpg"));
        assertDenied(() -> list(NOBODY));
        assertThat(namespace.key(BOB, "s3v", "photos", "dog.jpg", 1, "")).isEqualTo(OmStatus.PERMISSION_DENIED);

        assertThat(setBucketGrants(
                        ALICE, Grants.user("bob", AclPermission.ACL_READ), Grants.user("bob", AclPermission.ACL_WRITE)))
                .isEqualTo(OmStatus.OK);
        assertThat(namespace.key(BOB, "s3v", "photos", "dog.jpg", 1, "")).isEqualTo(OmStatus.OK);
        assertThat(namespace.key(CAROL, "s3v", "photos", "rat.jpg", 1, "")).isEqualTo(OmStatus.PERMISSION_DENIED);
    }

    @Test
    void theOwnerKeepsFullControlWhateverTheGrantsSay() throws OmException {
        assertThat(setBucketGrants(ALICE, Grants.user("bob", AclPermission.ACL_FULL_CONTROL)))
                .isEqualTo(OmStatus.OK);

        assertThat(lookup(ALICE, "cat.jpg").getSize()).isEqualTo(10);
        assertThat(namespace.key(ALICE, "s3v", "photos", "own.jpg", 1, "")).isEqualTo(OmStatus.OK);
        assertThat(acl(ALICE, "").getGrantsList())
                .containsExactly(
                        Grants.user("alice", AclPermission.ACL_FULL_CONTROL),
                        Grants.user("bob", AclPermission.ACL_FULL_CONTROL));
        assertThat(namespace.key(BOB, "s3v", "photos", "bobs.jpg", 1, ""))
                .as("FULL_CONTROL includes WRITE")
                .isEqualTo(OmStatus.OK);
        assertThat(setBucketGrants(BOB, Grants.user("carol", AclPermission.ACL_READ)))
                .as("and WRITE_ACP")
                .isEqualTo(OmStatus.OK);
        assertThat(lookup(CAROL, "cat.jpg").getSize()).isEqualTo(10);
        assertDenied(() -> lookup(BOB, "cat.jpg"));
        assertThat(lookup(ALICE, "cat.jpg").getSize()).isEqualTo(10);
    }

    @Test
    void groupGrantsCoverAnonymousCallersOrNamedUsers() throws OmException {
        assertThat(setKeyGrants(
                        ALICE, "cat.jpg", Grants.group(AclGroup.ACL_GROUP_AUTHENTICATED_USERS, AclPermission.ACL_READ)))
                .isEqualTo(OmStatus.OK);
        assertThat(lookup(CAROL, "cat.jpg").getSize()).isEqualTo(10);
        assertDenied(() -> lookup(NOBODY, "cat.jpg"));
        assertDenied(() -> list(CAROL));

        assertThat(setKeyGrants(ALICE, "cat.jpg", Grants.group(AclGroup.ACL_GROUP_ALL_USERS, AclPermission.ACL_READ)))
                .isEqualTo(OmStatus.OK);
        assertThat(lookup(NOBODY, "cat.jpg").getSize()).isEqualTo(10);
        assertThat(acl(ALICE, "cat.jpg").getAcl())
                .as("grants replace the canned ACL")
                .isEmpty();
    }

    @Test
    void aclPermissionsGateReadingAndChangingTheAcl() throws OmException {
        assertDenied(() -> acl(BOB, ""));
        assertThat(setBucketGrants(BOB, Grants.user("bob", AclPermission.ACL_READ)))
                .isEqualTo(OmStatus.PERMISSION_DENIED);
        assertThat(setBucketGrants(ALICE, Grants.user("bob", AclPermission.ACL_READ_ACP)))
                .isEqualTo(OmStatus.OK);

        assertThat(acl(BOB, "").getOwner()).isEqualTo("alice");
        assertThat(setBucketGrants(BOB, Grants.user("bob", AclPermission.ACL_READ)))
                .isEqualTo(OmStatus.PERMISSION_DENIED);
        assertDenied(() -> acl(BOB, "cat.jpg"));

        assertThat(setKeyGrants(ALICE, "cat.jpg", Grants.user("bob", AclPermission.ACL_WRITE_ACP)))
                .isEqualTo(OmStatus.OK);
        assertThat(setKeyGrants(BOB, "cat.jpg", Grants.user("bob", AclPermission.ACL_READ)))
                .isEqualTo(OmStatus.OK);
        assertThat(lookup(BOB, "cat.jpg").getSize()).isEqualTo(10);
        assertThat(setKeyGrants(BOB, "cat.jpg", Grants.user("bob", AclPermission.ACL_READ)))
                .as("the new grants no longer give WRITE_ACP")
                .isEqualTo(OmStatus.PERMISSION_DENIED);
    }

    @Test
    void anExplicitPolicyDenyWinsOverAGrantAndAnAllowSuffices() throws OmException {
        assertThat(setBucketGrants(ALICE, Grants.user("bob", AclPermission.ACL_READ)))
                .isEqualTo(OmStatus.OK);
        assertThat(setPolicy(statement("bob", "s3:GetObject", "arn:aws:s3:::photos/*", true)))
                .isEqualTo(OmStatus.OK);
        assertDenied(() -> lookup(BOB, "cat.jpg"));
        assertThat(list(BOB)).as("the Deny names GetObject only").isEqualTo(1);

        assertThat(setPolicy(statement("carol", "s3:GetObject", "arn:aws:s3:::photos/*", false)))
                .isEqualTo(OmStatus.OK);
        assertThat(lookup(CAROL, "cat.jpg").getSize())
                .as("no grant, the policy allows")
                .isEqualTo(10);
        assertThat(lookup(BOB, "cat.jpg").getSize()).isEqualTo(10);
    }

    @Test
    void grantsNameKnownUsersAndAreWellFormed() {
        assertThat(setBucketGrants(ALICE, Grants.user("mallory", AclPermission.ACL_READ)))
                .isEqualTo(OmStatus.UNKNOWN_GRANTEE);
        assertThat(setBucketGrants(ALICE, Grants.user("alice", AclPermission.ACL_READ)))
                .as("the owner is known without a secret")
                .isEqualTo(OmStatus.OK);
        assertThat(setBucketGrants(
                        ALICE,
                        AclGrant.newBuilder()
                                .setPermission(AclPermission.ACL_READ)
                                .build()))
                .isEqualTo(OmStatus.INVALID_REQUEST);
        assertThat(setBucketGrants(ALICE, AclGrant.newBuilder().setUser("bob").build()))
                .isEqualTo(OmStatus.INVALID_REQUEST);
        assertThat(namespace.status(
                        ALICE,
                        t -> t.setSetBucketAcl(SetBucketAclRequest.newBuilder()
                                .setVolume("s3v")
                                .setName("photos")
                                .setAcl("public-read")
                                .addGrants(Grants.user("bob", AclPermission.ACL_READ)))))
                .as("a canned ACL or grants, not both")
                .isEqualTo(OmStatus.INVALID_REQUEST);
    }

    @Test
    void aMultipartUploadKeepsItsGrantsForTheCompletedKey() throws Exception {
        assertThat(namespace.status(ALICE, t -> t.setUploadId("upload-1")
                        .setInitiateMultipartUpload(InitiateMultipartUploadRequest.newBuilder()
                                .setVolume("s3v")
                                .setBucket("photos")
                                .setName("big.bin")
                                .addGrants(Grants.user("bob", AclPermission.ACL_READ)))))
                .isEqualTo(OmStatus.OK);
        List<KeyValue<String, MultipartUploadRecord>> uploads =
                namespace.store().scan(OmSchema.MULTIPART_UPLOADS, "", "", 10);
        assertThat(uploads).singleElement().satisfies(upload -> assertThat(
                        upload.value().getGrantsList())
                .containsExactly(Grants.user("bob", AclPermission.ACL_READ)));
    }

    @Test
    void cannedAclsStandForTheirGrants() throws OmException {
        assertThat(namespace.status(
                        ALICE,
                        t -> t.setSetBucketAcl(SetBucketAclRequest.newBuilder()
                                .setVolume("s3v")
                                .setName("photos")
                                .setAcl("public-read-write"))))
                .isEqualTo(OmStatus.OK);
        assertThat(acl(ALICE, "").getGrantsList())
                .containsExactly(
                        Grants.user("alice", AclPermission.ACL_FULL_CONTROL),
                        Grants.group(AclGroup.ACL_GROUP_ALL_USERS, AclPermission.ACL_READ),
                        Grants.group(AclGroup.ACL_GROUP_ALL_USERS, AclPermission.ACL_WRITE));
        assertThat(acl(ALICE, "").getAcl()).isEqualTo("public-read-write");
    }

    private OmStatus setBucketGrants(Caller caller, AclGrant... grants) {
        return namespace.status(
                caller,
                t -> t.setSetBucketAcl(SetBucketAclRequest.newBuilder()
                        .setVolume("s3v")
                        .setName("photos")
                        .addAllGrants(List.of(grants))));
    }

    private OmStatus setKeyGrants(Caller caller, String key, AclGrant... grants) {
        return namespace.status(
                caller,
                t -> t.setSetKeyAcl(SetKeyAclRequest.newBuilder()
                        .setVolume("s3v")
                        .setBucket("photos")
                        .setName(key)
                        .addAllGrants(List.of(grants))));
    }

    private OmStatus setPolicy(PolicyStatement statement) {
        return namespace.status(
                ALICE,
                t -> t.setSetBucketConfig(SetBucketConfigRequest.newBuilder()
                        .setVolume("s3v")
                        .setName("photos")
                        .setPolicy(BucketPolicy.newBuilder().addStatements(statement))));
    }

    private static PolicyStatement statement(String principal, String action, String resource, boolean deny) {
        return PolicyStatement.newBuilder()
                .addPrincipals(principal)
                .addActions(action)
                .addResources(resource)
                .setDeny(deny)
                .build();
    }

    private dev.o3.proto.om.GetAclResponse acl(Caller caller, String key) throws OmException {
        return BucketReads.acl(
                namespace.store(),
                caller,
                GetAclRequest.newBuilder()
                        .setVolume("s3v")
                        .setBucket("photos")
                        .setKey(key)
                        .build());
    }

    private dev.o3.proto.om.KeyInfo lookup(Caller caller, String key) throws OmException {
        return KeyReads.lookup(namespace.store(), caller, "s3v", "photos", key);
    }

    private int list(Caller caller) throws OmException {
        return KeyReads.list(
                        namespace.store(),
                        caller,
                        ListKeysRequest.newBuilder()
                                .setVolume("s3v")
                                .setBucket("photos")
                                .build())
                .getKeysCount();
    }

    private static void assertDenied(ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(OmException.class, e -> assertThat(e.status())
                .isEqualTo(OmStatus.PERMISSION_DENIED));
    }
}
