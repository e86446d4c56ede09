package dev.o3.om.apply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.om.bucket.BucketReads;
import dev.o3.om.key.KeyReads;
import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.om.testing.Namespace;
import dev.o3.proto.om.BucketConfigPart;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.BucketPolicy;
import dev.o3.proto.om.CreateBucketRequest;
import dev.o3.proto.om.DeleteKeysRequest;
import dev.o3.proto.om.DeleteKeysResponse;
import dev.o3.proto.om.GetBucketConfigRequest;
import dev.o3.proto.om.ListKeysRequest;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.PolicyCondition;
import dev.o3.proto.om.PolicyStatement;
import dev.o3.proto.om.SetBucketConfigRequest;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bucket policies in OM's access checks, together with ACLs: explicit Deny first, then Allow from either. */
class TestBucketPolicies {
    private static final Caller ALICE = new Caller("alice", false);
    private static final Caller BOB = new Caller("bob", false);
    private static final Caller NOBODY = Caller.anonymousCaller();
    private static final Caller ADMIN_CALLER = new Caller(Namespace.ADMIN, true);

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
        assertThat(namespace.key(ALICE, "s3v", "photos", "public/cat.jpg", 10, ""))
                .isEqualTo(OmStatus.OK);
        assertThat(namespace.key(ALICE, "s3v", "photos", "private/dog.jpg", 10, ""))
                .isEqualTo(OmStatus.OK);
    }

    @AfterEach
    void close() {
        namespace.close();
    }

    @Test
    void anAllowLetsAnonymousCallersReadWhatItNamesAndNothingElse() throws OmException {
        assertThat(setPolicy(ALICE, statement("*", "s3:GetObject", "arn:aws:s3:::photos/public/*")))
                .isEqualTo(OmStatus.OK);

        assertThat(lookup(NOBODY, "public/cat.jpg").getSize()).isEqualTo(10);
        assertThat(lookup(BOB, "public/cat.jpg").getSize()).isEqualTo(10);
        assertDenied(() -> lookup(NOBODY, "private/dog.jpg"));
        assertDenied(() -> list(NOBODY, ""));
        assertThat(namespace.key(NOBODY, "s3v", "photos", "public/new", 1, "")).isEqualTo(OmStatus.PERMISSION_DENIED);
        assertThat(BucketReads.info(namespace.store(), ALICE, "s3v", "photos")
                        .getConfig()
                        .hasPolicy())
                .isTrue();
    }

    @Test
    void anExplicitDenyBeatsOwnershipAndCannedAcls() {
        PolicyStatement denyDeletes = statement("*", "s3:DeleteObject", "arn:aws:s3:::photos/public/*").toBuilder()
                .setDeny(true)
                .build();
        assertThat(setPolicy(ALICE, denyDeletes)).isEqualTo(OmStatus.OK);

        DeleteKeysResponse deleted = namespace.ok(
                "alice",
                DeleteKeysResponse.parser(),
                t -> t.setDeleteKeys(DeleteKeysRequest.newBuilder()
                        .setVolume("s3v")
                        .setBucket("photos")
                        .addNames("public/cat.jpg")
                        .addNames("private/dog.jpg")));
        assertThat(deleted.getDeletedList()).as("checked key by key").containsExactly("private/dog.jpg");
        assertThat(deleted.getFailuresList())
                .extracting(failure -> failure.getStatus())
                .containsExactly(OmStatus.PERMISSION_DENIED);
        assertThat(namespace.key(ADMIN_CALLER, "s3v", "photos", "public/cat.jpg", 3, ""))
                .as("administrators are never denied")
                .isEqualTo(OmStatus.OK);
        assertThat(setPolicy(ALICE, denyEverything()))
                .as("nor is the owner the policy operations")
                .isEqualTo(OmStatus.OK);
        assertThat(namespace.key(ALICE, "s3v", "photos", "x", 1, "")).isEqualTo(OmStatus.PERMISSION_DENIED);
        assertThat(remove(ALICE, BucketConfigPart.BUCKET_CONFIG_POLICY)).isEqualTo(OmStatus.OK);
        assertThat(namespace.key(ALICE, "s3v", "photos", "x", 1, "")).isEqualTo(OmStatus.OK);
    }

    @Test
    void conditionsSeeTheListingPrefix() throws OmException {
        PolicyStatement listPublic = statement("bob", "s3:ListBucket", "arn:aws:s3:::photos").toBuilder()
                .addConditions(PolicyCondition.newBuilder()
                        .setOperator("StringLike")
                        .setKey("s3:prefix")
                        .addValues("public/*"))
                .build();
        assertThat(setPolicy(ALICE, listPublic)).isEqualTo(OmStatus.OK);

        assertThat(list(BOB, "public/").getKeysCount()).isEqualTo(1);
        assertDenied(() -> list(BOB, "private/"));
        assertDenied(() -> list(NOBODY, "public/"));
    }

    @Test
    void onlyOwnersReadAndChangeTheConfigurationAndOmRefusesBadOnes() throws OmException {
        assertThat(setPolicy(BOB, statement("*", "s3:GetObject", "arn:aws:s3:::photos/*")))
                .isEqualTo(OmStatus.PERMISSION_DENIED);
        assertThat(setPolicy(ALICE, statement("*", "s3:ListBucket", "arn:aws:s3:::photos")))
                .isEqualTo(OmStatus.OK);
        assertThat(BucketReads.info(namespace.store(), BOB, "s3v", "photos").hasConfig())
                .as("the policy makes the bucket readable, not its configuration")
                .isFalse();
        assertDenied(() -> config(BOB, BucketConfigPart.BUCKET_CONFIG_POLICY));
        assertThat(config(ALICE, BucketConfigPart.BUCKET_CONFIG_POLICY)
                        .getPolicy()
                        .getStatementsCount())
                .isEqualTo(1);

        PolicyStatement badOperator = statement("*", "s3:GetObject", "arn:aws:s3:::photos/*").toBuilder()
                .addConditions(PolicyCondition.newBuilder()
                        .setOperator("DateLessThan")
                        .setKey("aws:currenttime")
                        .addValues("x"))
                .build();
        assertThat(setPolicy(ALICE, badOperator)).isEqualTo(OmStatus.INVALID_REQUEST);
        assertThat(setPolicy(
                        ALICE, PolicyStatement.newBuilder().addPrincipals("*").build()))
                .isEqualTo(OmStatus.INVALID_REQUEST);
        assertThat(set(
                        ALICE,
                        request -> request.setTags(
                                dev.o3.proto.om.BucketTagSet.newBuilder().addTags(tag("aws:x", "1")))))
                .isEqualTo(OmStatus.INVALID_REQUEST);
        assertThat(set(
                        ALICE,
                        request -> request.setLifecycle(dev.o3.proto.om.LifecycleConfiguration.newBuilder()
                                .addRules(dev.o3.proto.om.LifecycleRule.newBuilder()
                                        .setId("no-action")
                                        .setEnabled(true)))))
                .isEqualTo(OmStatus.INVALID_REQUEST);
        assertThat(set(
                        ALICE,
                        request -> request.setCors(dev.o3.proto.om.CorsConfiguration.newBuilder()
                                .addRules(dev.o3.proto.om.CorsRule.newBuilder()
                                        .addAllowedOrigins("*")
                                        .addAllowedMethods("PATCH")))))
                .isEqualTo(OmStatus.INVALID_REQUEST);
    }

    private static dev.o3.proto.hdds.KeyValue tag(String key, String value) {
        return dev.o3.proto.hdds.KeyValue.newBuilder()
                .setKey(key)
                .setValue(value)
                .build();
    }

    private static PolicyStatement statement(String principal, String action, String resource) {
        return PolicyStatement.newBuilder()
                .addPrincipals(principal)
                .addActions(action)
                .addResources(resource)
                .build();
    }

    private static PolicyStatement denyEverything() {
        return statement("*", "s3:*", "arn:aws:s3:::photos/*").toBuilder()
                .setDeny(true)
                .build();
    }

    private OmStatus setPolicy(Caller caller, PolicyStatement statement) {
        return set(
                caller, request -> request.setPolicy(BucketPolicy.newBuilder().addStatements(statement)));
    }

    private OmStatus remove(Caller caller, BucketConfigPart part) {
        return set(caller, request -> request.setRemove(part));
    }

    private OmStatus set(Caller caller, UnaryOperator<SetBucketConfigRequest.Builder> change) {
        return namespace.status(
                caller,
                t -> t.setSetBucketConfig(change.apply(
                        SetBucketConfigRequest.newBuilder().setVolume("s3v").setName("photos"))));
    }

    private dev.o3.proto.om.BucketConfig config(Caller caller, BucketConfigPart part) throws OmException {
        return BucketReads.config(
                        namespace.store(),
                        caller,
                        GetBucketConfigRequest.newBuilder()
                                .setVolume("s3v")
                                .setName("photos")
                                .setPart(part)
                                .build())
                .getConfig();
    }

    private dev.o3.proto.om.KeyInfo lookup(Caller caller, String key) throws OmException {
        return KeyReads.lookup(namespace.store(), caller, "s3v", "photos", key);
    }

    private dev.o3.proto.om.ListKeysResponse list(Caller caller, String prefix) throws OmException {
        return KeyReads.list(
                namespace.store(),
                caller,
                ListKeysRequest.newBuilder()
                        .setVolume("s3v")
                        .setBucket("photos")
                        .setPrefix(prefix)
                        .build());
    }

    private static void assertDenied(ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(OmException.class, e -> assertThat(e.status())
                .isEqualTo(OmStatus.PERMISSION_DENIED));
    }
}
