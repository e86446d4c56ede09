package dev.o3.om.apply;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.om.bucket.BucketReads;
import dev.o3.om.request.Caller;
import dev.o3.om.testing.Namespace;
import dev.o3.om.volume.VolumeReads;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.CreateBucketRequest;
import dev.o3.proto.om.CreateVolumeRequest;
import dev.o3.proto.om.DeleteBucketRequest;
import dev.o3.proto.om.DeleteVolumeRequest;
import dev.o3.proto.om.ListBucketsRequest;
import dev.o3.proto.om.ListVolumesRequest;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.SetBucketAclRequest;
import dev.o3.proto.om.SetBucketPropertyRequest;
import dev.o3.proto.om.SetVolumePropertyRequest;
import dev.o3.proto.om.VolumeInfo;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestVolumeAndBucketRequests {
    private static final Caller ADMIN_CALLER = new Caller(ADMIN, true);

    @TempDir
    Path directory;

    private Namespace namespace;

    @BeforeEach
    void open() {
        namespace = new Namespace(directory);
    }

    @AfterEach
    void close() {
        namespace.close();
    }

    @Test
    void volumeLifecycleAndErrors() throws Exception {
        namespace.volume("vol1");
        namespace.volume("vol2");
        assertThat(createVolume("bob", "vol3")).isEqualTo(OmStatus.PERMISSION_DENIED);
        assertThat(createVolume(ADMIN, "vol1")).isEqualTo(OmStatus.VOLUME_ALREADY_EXISTS);
        assertThat(createVolume(ADMIN, "Bad_Name")).isEqualTo(OmStatus.INVALID_REQUEST);
        VolumeInfo info = VolumeReads.info(namespace.store(), "vol1");
        assertThat(info.getOwner()).isEqualTo(ADMIN);
        assertThat(info.getQuotaInBytes()).isEqualTo(-1);
        assertThat(VolumeReads.list(
                                namespace.store(),
                                ListVolumesRequest.newBuilder()
                                        .setStartAfter("vol1")
                                        .build())
                        .getVolumesList())
                .extracting(VolumeInfo::getName)
                .containsExactly("vol2");

        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setSetVolumeProperty(SetVolumePropertyRequest.newBuilder()
                                .setName("vol1")
                                .setOwner("bob"))))
                .isEqualTo(OmStatus.OK);
        assertThat(namespace.status(
                        "carol",
                        t -> t.setDeleteVolume(DeleteVolumeRequest.newBuilder().setName("vol1"))))
                .isEqualTo(OmStatus.PERMISSION_DENIED);
        namespace.bucket("vol1", "bucket1", BucketLayout.OBJECT_STORE);
        assertThat(namespace.status(
                        "bob",
                        t -> t.setDeleteVolume(DeleteVolumeRequest.newBuilder().setName("vol1"))))
                .isEqualTo(OmStatus.VOLUME_NOT_EMPTY);
        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setDeleteVolume(DeleteVolumeRequest.newBuilder().setName("nope"))))
                .isEqualTo(OmStatus.VOLUME_NOT_FOUND);
        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setDeleteVolume(DeleteVolumeRequest.newBuilder().setName("vol2"))))
                .isEqualTo(OmStatus.OK);
    }

    @Test
    void bucketLifecycleAndErrors() throws Exception {
        namespace.volume("vol1");
        namespace.bucket("vol1", "bucket1", BucketLayout.OBJECT_STORE);
        assertThat(createBucket("vol1", "bucket1")).isEqualTo(OmStatus.BUCKET_ALREADY_EXISTS);
        assertThat(createBucket("vol1", "UPPER")).isEqualTo(OmStatus.INVALID_BUCKET_NAME);
        assertThat(createBucket("missing", "bucket2")).isEqualTo(OmStatus.VOLUME_NOT_FOUND);
        assertThat(BucketReads.info(namespace.store(), ADMIN_CALLER, "vol1", "bucket1")
                        .getObjectId())
                .isPositive();
        assertThat(BucketReads.list(
                                namespace.store(),
                                ListBucketsRequest.newBuilder()
                                        .setVolume("vol1")
                                        .build())
                        .getBucketsList())
                .extracting(BucketInfo::getName)
                .containsExactly("bucket1");

        assertThat(namespace.key("vol1", "bucket1", "key1", 10)).isEqualTo(OmStatus.OK);
        assertThat(deleteBucket("vol1", "bucket1")).isEqualTo(OmStatus.BUCKET_NOT_EMPTY);
        assertThat(deleteBucket("vol1", "nope")).isEqualTo(OmStatus.BUCKET_NOT_FOUND);
        namespace.bucket("vol1", "bucket2", BucketLayout.FILE_SYSTEM_OPTIMIZED);
        assertThat(deleteBucket("vol1", "bucket2")).isEqualTo(OmStatus.OK);
        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setSetBucketAcl(SetBucketAclRequest.newBuilder()
                                .setVolume("vol1")
                                .setName("bucket1")
                                .setAcl("public-read"))))
                .isEqualTo(OmStatus.OK);
        assertThat(BucketReads.info(namespace.store(), ADMIN_CALLER, "vol1", "bucket1")
                        .getAcl())
                .isEqualTo("public-read");
    }

    @Test
    void anyUserCreatesBucketsInTheS3VolumeButNotElsewhere() {
        namespace.volume("s3v");
        namespace.volume("private");
        assertThat(namespace.status(
                        "bob",
                        t -> t.setCreateBucket(CreateBucketRequest.newBuilder()
                                .setBucket(
                                        BucketInfo.newBuilder().setVolume("s3v").setName("bobs")))))
                .isEqualTo(OmStatus.OK);
        assertThat(namespace.status(
                        "bob",
                        t -> t.setCreateBucket(CreateBucketRequest.newBuilder()
                                .setBucket(BucketInfo.newBuilder()
                                        .setVolume("private")
                                        .setName("bobs")))))
                .isEqualTo(OmStatus.PERMISSION_DENIED);
    }

    @Test
    void quotasAreEnforced() throws Exception {
        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setCreateVolume(CreateVolumeRequest.newBuilder()
                                .setVolume(
                                        VolumeInfo.newBuilder().setName("small").setQuotaInNamespace(1)))))
                .isEqualTo(OmStatus.OK);
        assertThat(createBucket("small", "one")).isEqualTo(OmStatus.OK);
        assertThat(createBucket("small", "two")).isEqualTo(OmStatus.QUOTA_EXCEEDED);

        namespace.volume("vol1");
        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setCreateBucket(CreateBucketRequest.newBuilder()
                                .setBucket(BucketInfo.newBuilder()
                                        .setVolume("vol1")
                                        .setName("limited")
                                        .setLayout(BucketLayout.OBJECT_STORE)
                                        .setQuotaInBytes(100)))))
                .isEqualTo(OmStatus.OK);
        assertThat(namespace.key("vol1", "limited", "fits", 60)).isEqualTo(OmStatus.OK);
        assertThat(namespace.key("vol1", "limited", "too-big", 60)).isEqualTo(OmStatus.QUOTA_EXCEEDED);

        assertThat(setBucketQuota("bob", "limited", 1000)).isEqualTo(OmStatus.PERMISSION_DENIED);
        assertThat(setBucketQuota(ADMIN, "limited", 0)).isEqualTo(OmStatus.INVALID_REQUEST);
        assertThat(setBucketQuota(ADMIN, "limited", 1000)).isEqualTo(OmStatus.OK);
        assertThat(namespace.key("vol1", "limited", "now-fits", 60)).isEqualTo(OmStatus.OK);
        assertThat(setBucketQuota(ADMIN, "limited", 130)).isEqualTo(OmStatus.OK);
        assertThat(namespace.key("vol1", "limited", "over", 60)).isEqualTo(OmStatus.QUOTA_EXCEEDED);
        assertThat(setBucketQuota(ADMIN, "limited", -1)).isEqualTo(OmStatus.OK);
        assertThat(namespace.key("vol1", "limited", "unlimited", 600)).isEqualTo(OmStatus.OK);
        assertThat(BucketReads.info(namespace.store(), ADMIN_CALLER, "vol1", "limited")
                        .getQuotaInBytes())
                .isEqualTo(-1);
    }

    private OmStatus setBucketQuota(String user, String bucket, long bytes) {
        return namespace.status(
                user,
                t -> t.setSetBucketProperty(SetBucketPropertyRequest.newBuilder()
                        .setVolume("vol1")
                        .setName(bucket)
                        .setQuotaInBytes(bytes)));
    }

    private OmStatus createVolume(String user, String name) {
        return namespace.status(
                user,
                t -> t.setCreateVolume(CreateVolumeRequest.newBuilder()
                        .setVolume(VolumeInfo.newBuilder().setName(name))));
    }

    private OmStatus createBucket(String volume, String name) {
        return namespace.status(
                ADMIN,
                t -> t.setCreateBucket(CreateBucketRequest.newBuilder()
                        .setBucket(BucketInfo.newBuilder().setVolume(volume).setName(name))));
    }

    private OmStatus deleteBucket(String volume, String name) {
        return namespace.status(
                ADMIN,
                t -> t.setDeleteBucket(
                        DeleteBucketRequest.newBuilder().setVolume(volume).setName(name)));
    }
}
