package dev.o3.om.multipart;

import static dev.o3.om.testing.Namespace.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.om.bucket.BucketReads;
import dev.o3.om.db.OmSchema;
import dev.o3.om.key.KeyReads;
import dev.o3.om.request.Caller;
import dev.o3.om.testing.Namespace;
import dev.o3.proto.hdds.BlockId;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.om.AbortMultipartUploadRequest;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.CommitMultipartPartRequest;
import dev.o3.proto.om.CompleteMultipartUploadRequest;
import dev.o3.proto.om.CompleteMultipartUploadResponse;
import dev.o3.proto.om.CreateMultipartKeyRequest;
import dev.o3.proto.om.InitiateMultipartUploadRequest;
import dev.o3.proto.om.InitiateMultipartUploadResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.ListMultipartUploadsRequest;
import dev.o3.proto.om.ListPartsRequest;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.PartInfo;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestMultipartUpload {
    private static final long MB5 = 5L << 20;
    private static final String MD5_A = "0cc175b9c0f1b6a831c399e269772661";
    private static final String MD5_B = "92eb5ffee6ae2fec3ad71c777531578f";
    private static final String MD5_C = "4a8a08f09d37b73795649038408b5f33";

    @TempDir
    Path directory;

    private Namespace namespace;
    private long sessions = 100;

    @BeforeEach
    void open() {
        namespace = new Namespace(directory);
        namespace.volume("vol");
        namespace.bucket("vol", "bucket", BucketLayout.OBJECT_STORE);
    }

    @AfterEach
    void close() {
        namespace.close();
    }

    @Test
    void completeConcatenatesPartsAndComputesTheMultipartEtag() throws Exception {
        String upload = initiate("big", "public-read");
        uploadPart("big", upload, 1, MD5_A, MB5);
        uploadPart("big", upload, 2, MD5_B, MB5);
        uploadPart("big", upload, 3, MD5_C, 10);

        CompleteMultipartUploadResponse response = namespace.ok(
                ADMIN,
                CompleteMultipartUploadResponse.parser(),
                t -> t.setCompleteMultipartUpload(
                        complete("big", upload, part(1, MD5_A), part(2, "\"" + MD5_B + "\""), part(3, MD5_C))));
        assertThat(response.getEtag()).endsWith("-3").hasSize(32 + 2);
        KeyInfo key = KeyReads.lookup(namespace.store(), new Caller(ADMIN, true), "vol", "bucket", "big");
        assertThat(key.getSize()).isEqualTo(2 * MB5 + 10);
        assertThat(key.getAcl()).as("the ACL given at initiation").isEqualTo("public-read");
        assertThat(key.getReplication())
                .as("the bucket's replication")
                .isEqualTo(BucketReads.info(namespace.store(), new Caller(ADMIN, true), "vol", "bucket")
                        .getReplication());
        assertThat(key.getBlocksList())
                .extracting(BlockLocation::getOffsetInKey)
                .containsExactly(0L, MB5, 2 * MB5);
        assertThat(namespace.store().scan(OmSchema.MULTIPART_UPLOADS, "", "", 10))
                .isEmpty();
    }

    @Test
    void completeValidatesOrderEtagsAndSizes() throws Exception {
        String upload = initiate("key");
        uploadPart("key", upload, 1, MD5_A, 10);
        uploadPart("key", upload, 2, MD5_B, MB5);

        assertThat(completeStatus("key", upload, part(2, MD5_B), part(1, MD5_A)))
                .isEqualTo(OmStatus.INVALID_PART_ORDER);
        assertThat(completeStatus("key", upload, part(1, MD5_A), part(1, MD5_A)))
                .isEqualTo(OmStatus.INVALID_PART_ORDER);
        assertThat(completeStatus("key", upload, part(1, MD5_C))).isEqualTo(OmStatus.INVALID_PART);
        assertThat(completeStatus("key", upload, part(1, MD5_A), part(3, MD5_C)))
                .isEqualTo(OmStatus.INVALID_PART);
        assertThat(completeStatus("key", upload, part(1, MD5_A), part(2, MD5_B)))
                .isEqualTo(OmStatus.ENTITY_TOO_SMALL);
        assertThat(completeStatus("key", "no-such-upload", part(1, MD5_A)))
                .isEqualTo(OmStatus.NO_SUCH_MULTIPART_UPLOAD);
        assertThat(completeStatus("key", upload, part(2, MD5_B)))
                .as("skipping part 1 is allowed")
                .isEqualTo(OmStatus.OK);
        assertThat(namespace.store().scan(OmSchema.DELETED_KEYS, "", "", 10))
                .as("the unused part is freed")
                .hasSize(1);
    }

    @Test
    void reuploadedPartReplacesTheOldOneAndListsArePaged() throws Exception {
        String first = initiate("key");
        String second = initiate("key");
        uploadPart("key", first, 1, MD5_A, 10);
        uploadPart("key", first, 1, MD5_B, 11);
        uploadPart("key", first, 2, MD5_C, 12);

        var parts = MultipartReads.listParts(
                namespace.store(),
                new Caller(ADMIN, true),
                ListPartsRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("bucket")
                        .setName("key")
                        .setUploadId(first)
                        .setMaxParts(1)
                        .build());
        assertThat(parts.getPartsList()).extracting(PartInfo::getEtag).containsExactly(MD5_B);
        assertThat(parts.getTruncated()).isTrue();
        assertThat(parts.getNextPartNumberMarker()).isEqualTo(1);

        var uploads = MultipartReads.listUploads(
                namespace.store(),
                new Caller(ADMIN, true),
                ListMultipartUploadsRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("bucket")
                        .build());
        assertThat(uploads.getUploadsList()).hasSize(2);
        assertThat(List.of(first, second)).contains(uploads.getUploads(0).getUploadId());

        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setAbortMultipartUpload(AbortMultipartUploadRequest.newBuilder()
                                .setVolume("vol")
                                .setBucket("bucket")
                                .setName("key")
                                .setUploadId(first))))
                .isEqualTo(OmStatus.OK);
        assertThat(namespace.store().scan(OmSchema.DELETED_KEYS, "", "", 10)).hasSize(3);
        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setAbortMultipartUpload(AbortMultipartUploadRequest.newBuilder()
                                .setVolume("vol")
                                .setBucket("bucket")
                                .setName("key")
                                .setUploadId(first))))
                .isEqualTo(OmStatus.NO_SUCH_MULTIPART_UPLOAD);
    }

    private String initiate(String key) {
        return initiate(key, "");
    }

    private String initiate(String key, String acl) {
        sessions++;
        String uploadId = "upload-" + key + "-" + sessions;
        namespace.ok(ADMIN, InitiateMultipartUploadResponse.parser(), t -> t.setUploadId(uploadId)
                .setInitiateMultipartUpload(InitiateMultipartUploadRequest.newBuilder()
                        .setVolume("vol")
                        .setBucket("bucket")
                        .setName(key)
                        .setAcl(acl)));
        return uploadId;
    }

    private void uploadPart(String key, String uploadId, int number, String etag, long size) {
        long clientId = ++sessions;
        BlockLocation block = BlockLocation.newBuilder()
                .setBlockId(BlockId.newBuilder().setContainerId(1).setLocalId(clientId))
                .setLength(size)
                .build();
        assertThat(namespace.status(ADMIN, t -> t.setClientId(clientId)
                        .addAllocatedBlocks(block)
                        .setCreateMultipartKey(CreateMultipartKeyRequest.newBuilder()
                                .setVolume("vol")
                                .setBucket("bucket")
                                .setName(key)
                                .setUploadId(uploadId)
                                .setPartNumber(number)
                                .setSize(size))))
                .isEqualTo(OmStatus.OK);
        assertThat(namespace.status(
                        ADMIN,
                        t -> t.setCommitMultipartPart(CommitMultipartPartRequest.newBuilder()
                                .setVolume("vol")
                                .setBucket("bucket")
                                .setName(key)
                                .setUploadId(uploadId)
                                .setClientId(clientId)
                                .setPart(PartInfo.newBuilder()
                                        .setPartNumber(number)
                                        .setEtag(etag)
                                        .setSize(size)
                                        .addBlocks(block)))))
                .isEqualTo(OmStatus.OK);
    }

    private OmStatus completeStatus(String key, String uploadId, PartInfo... parts) {
        return namespace.status(ADMIN, t -> t.setCompleteMultipartUpload(complete(key, uploadId, parts)));
    }

    private static CompleteMultipartUploadRequest complete(String key, String uploadId, PartInfo... parts) {
        return CompleteMultipartUploadRequest.newBuilder()
                .setVolume("vol")
                .setBucket("bucket")
                .setName(key)
                .setUploadId(uploadId)
                .addAllParts(List.of(parts))
                .build();
    }

    private static PartInfo part(int number, String etag) {
        return PartInfo.newBuilder().setPartNumber(number).setEtag(etag).build();
    }
}
