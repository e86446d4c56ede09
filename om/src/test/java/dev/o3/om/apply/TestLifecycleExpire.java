package dev.o3.om.apply;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.om.key.KeyReads;
import dev.o3.om.multipart.MultipartReads;
import dev.o3.om.request.Caller;
import dev.o3.om.request.OmException;
import dev.o3.om.testing.Namespace;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.InitiateMultipartUploadRequest;
import dev.o3.proto.om.LifecycleExpireRequest;
import dev.o3.proto.om.LifecycleExpireResponse;
import dev.o3.proto.om.LifecycleKey;
import dev.o3.proto.om.ListMultipartUploadsRequest;
import dev.o3.proto.om.MultipartUploadInfo;
import dev.o3.proto.om.OmStatus;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What applying the lifecycle service's decisions does: only the versions it saw go, only OM may log it. */
class TestLifecycleExpire {
    private static final Caller ADMIN_CALLER = new Caller(Namespace.ADMIN, true);

    @TempDir
    Path directory;

    private Namespace namespace;

    @BeforeEach
    void open() {
        namespace = new Namespace(directory);
        namespace.volume("s3v");
        namespace.bucket("s3v", "logs", BucketLayout.OBJECT_STORE);
    }

    @AfterEach
    void close() {
        namespace.close();
    }

    @Test
    void deletesKeysTheLeaderSawAndAbortsUploadsButSparesNewerWrites() throws OmException {
        assertThat(namespace.key("s3v", "logs", "old", 5)).isEqualTo(OmStatus.OK);
        assertThat(namespace.key("s3v", "logs", "rewritten", 5)).isEqualTo(OmStatus.OK);
        long old = objectId("old");
        long seen = objectId("rewritten");
        assertThat(namespace.key("s3v", "logs", "rewritten", 7)).isEqualTo(OmStatus.OK);
        assertThat(namespace.status(Namespace.ADMIN, t -> t.setUploadId("u1")
                        .setInitiateMultipartUpload(InitiateMultipartUploadRequest.newBuilder()
                                .setVolume("s3v")
                                .setBucket("logs")
                                .setName("tmp/big"))))
                .isEqualTo(OmStatus.OK);
        LifecycleExpireRequest request = LifecycleExpireRequest.newBuilder()
                .setVolume("s3v")
                .setBucket("logs")
                .addKeys(LifecycleKey.newBuilder().setName("old").setObjectId(old))
                .addKeys(LifecycleKey.newBuilder().setName("rewritten").setObjectId(seen))
                .addKeys(LifecycleKey.newBuilder().setName("gone").setObjectId(1))
                .addUploads(MultipartUploadInfo.newBuilder().setName("tmp/big").setUploadId("u1"))
                .addUploads(MultipartUploadInfo.newBuilder().setName("tmp/big").setUploadId("aborted-already"))
                .build();

        assertThat(namespace.status("alice", t -> t.setLifecycleExpire(request)))
                .isEqualTo(OmStatus.PERMISSION_DENIED);
        LifecycleExpireResponse response =
                namespace.ok(Namespace.ADMIN, LifecycleExpireResponse.parser(), t -> t.setLifecycleExpire(request));

        assertThat(response.getDeletedKeys()).isEqualTo(1);
        assertThat(response.getAbortedUploads()).isEqualTo(1);
        assertThat(KeyReads.lookup(namespace.store(), ADMIN_CALLER, "s3v", "logs", "rewritten")
                        .getSize())
                .isEqualTo(7);
        assertThat(MultipartReads.listUploads(
                                namespace.store(),
                                ADMIN_CALLER,
                                ListMultipartUploadsRequest.newBuilder()
                                        .setVolume("s3v")
                                        .setBucket("logs")
                                        .build())
                        .getUploadsCount())
                .isZero();
    }

    private long objectId(String name) throws OmException {
        return KeyReads.lookup(namespace.store(), ADMIN_CALLER, "s3v", "logs", name)
                .getObjectId();
    }
}
