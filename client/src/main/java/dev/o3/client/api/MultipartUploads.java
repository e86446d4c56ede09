package dev.o3.client.api;

import dev.o3.client.config.ClientConfig;
import dev.o3.client.io.DatanodeClients;
import dev.o3.client.io.KeyCommitter;
import dev.o3.client.io.KeyOutputStream;
import dev.o3.client.om.OmClient;
import dev.o3.proto.om.AbortMultipartUploadRequest;
import dev.o3.proto.om.AbortMultipartUploadResponse;
import dev.o3.proto.om.CommitMultipartPartRequest;
import dev.o3.proto.om.CommitMultipartPartResponse;
import dev.o3.proto.om.CompleteMultipartUploadRequest;
import dev.o3.proto.om.CompleteMultipartUploadResponse;
import dev.o3.proto.om.CreateKeyResponse;
import dev.o3.proto.om.CreateMultipartKeyRequest;
import dev.o3.proto.om.InitiateMultipartUploadRequest;
import dev.o3.proto.om.InitiateMultipartUploadResponse;
import dev.o3.proto.om.ListMultipartUploadsRequest;
import dev.o3.proto.om.ListMultipartUploadsResponse;
import dev.o3.proto.om.ListPartsRequest;
import dev.o3.proto.om.ListPartsResponse;
import dev.o3.proto.om.PartInfo;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Multipart uploads of one bucket: parts are written like keys and stitched into one key by {@link #complete},
 * without copying data. Thread-safe.
 */
public final class MultipartUploads {
    private static final int MAX_PARTS = 10_000;

    private final String volume;
    private final String bucket;
    private final OmClient om;
    private final DatanodeClients datanodes;
    private final ClientConfig config;

    MultipartUploads(String volume, String bucket, OmClient om, DatanodeClients datanodes, ClientConfig config) {
        this.volume = volume;
        this.bucket = bucket;
        this.om = om;
        this.datanodes = datanodes;
        this.config = config;
    }

    /**
     * Starts an upload and returns its id; the key it makes gets the bucket's replication and the canned ACL of
     * {@code args}.
     *
     * @throws dev.o3.client.om.OmException BUCKET_NOT_FOUND, INVALID_KEY_NAME
     */
    public String initiate(String key, KeyArgs args) {
        return om.call(
                        "InitiateMultipartUpload",
                        stub -> stub.initiateMultipartUpload(InitiateMultipartUploadRequest.newBuilder()
                                .setVolume(volume)
                                .setBucket(bucket)
                                .setName(key)
                                .addAllMetadata(OmTranslator.pairs(args.metadata()))
                                .setContentType(args.contentType())
                                .setAcl(
                                        args.acl().hasGrants()
                                                ? ""
                                                : args.acl().canned().value())
                                .addAllGrants(args.acl().grants())
                                .build()),
                        InitiateMultipartUploadResponse::getError)
                .getUploadId();
    }

    /**
     * Opens part {@code partNumber} for writing; closing the stream commits the part.
     *
     * @throws dev.o3.client.om.OmException NO_SUCH_MULTIPART_UPLOAD
     */
    public KeyOutputStream uploadPart(String key, String uploadId, int partNumber, long expectedSize) {
        CreateKeyResponse response = om.call(
                "CreateMultipartKey",
                stub -> stub.createMultipartKey(CreateMultipartKeyRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucket)
                        .setName(key)
                        .setUploadId(uploadId)
                        .setPartNumber(partNumber)
                        .setSize(Math.max(0, expectedSize))
                        .build()),
                CreateKeyResponse::getError);
        long clientId = response.getClientId();
        KeyCommitter committer = (size, blocks, md5, metadata) -> {
            om.call(
                    "CommitMultipartPart",
                    stub -> stub.commitMultipartPart(CommitMultipartPartRequest.newBuilder()
                            .setVolume(volume)
                            .setBucket(bucket)
                            .setName(key)
                            .setUploadId(uploadId)
                            .setClientId(clientId)
                            .setPart(PartInfo.newBuilder()
                                    .setPartNumber(partNumber)
                                    .setEtag(md5)
                                    .setSize(size)
                                    .addAllBlocks(blocks)
                                    .addAllMetadata(OmTranslator.pairs(metadata)))
                            .build()),
                    CommitMultipartPartResponse::getError);
            return "";
        };
        return new KeyOutputStream(om, datanodes, config, response.getKey(), clientId, committer);
    }

    /**
     * Makes the key from the listed parts (part number to ETag, ascending) and returns the multipart ETag.
     *
     * @throws dev.o3.client.om.OmException INVALID_PART, INVALID_PART_ORDER, ENTITY_TOO_SMALL,
     *     NO_SUCH_MULTIPART_UPLOAD
     */
    public String complete(String key, String uploadId, Map<Integer, String> partEtags, String etag) {
        return complete(key, uploadId, partEtags, etag, WriteConditions.NONE).etag();
    }

    /**
     * As {@link #complete(String, String, Map, String)}, only if {@code conditions} hold when OM applies it.
     *
     * @throws dev.o3.client.om.OmException also PRECONDITION_FAILED, CONDITIONAL_REQUEST_CONFLICT (the key was
     *     written since the upload began), KEY_NOT_FOUND (If-Match on a missing key)
     */
    public CompletedUpload complete(
            String key, String uploadId, Map<Integer, String> partEtags, String etag, WriteConditions conditions) {
        return complete(key, uploadId, partEtags, etag, conditions, Map.of());
    }

    /**
     * As {@link #complete(String, String, Map, String, WriteConditions)}, adding {@code metadata} to what the upload
     * was initiated with (the S3 gateway: the composite checksum of the parts).
     */
    public CompletedUpload complete(
            String key,
            String uploadId,
            Map<Integer, String> partEtags,
            String etag,
            WriteConditions conditions,
            Map<String, String> metadata) {
        CompleteMultipartUploadRequest.Builder request = CompleteMultipartUploadRequest.newBuilder()
                .setVolume(volume)
                .setBucket(bucket)
                .setName(key)
                .setUploadId(uploadId)
                .setIfNoneMatch(conditions.ifNoneMatch())
                .setIfMatch(conditions.ifMatch())
                .addAllMetadata(OmTranslator.pairs(metadata));
        partEtags.forEach((number, partEtag) ->
                request.addParts(PartInfo.newBuilder().setPartNumber(number).setEtag(partEtag)));
        CompleteMultipartUploadResponse completed = om.call(
                "CompleteMultipartUpload",
                stub -> stub.completeMultipartUpload(request.build()),
                CompleteMultipartUploadResponse::getError);
        return new CompletedUpload(
                completed.getEtag().isEmpty() ? etag : completed.getEtag(), completed.getVersionId());
    }

    /**
     * Ends an upload and discards its parts.
     *
     * @throws dev.o3.client.om.OmException NO_SUCH_MULTIPART_UPLOAD
     */
    public void abort(String key, String uploadId) {
        om.call(
                "AbortMultipartUpload",
                stub -> stub.abortMultipartUpload(AbortMultipartUploadRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucket)
                        .setName(key)
                        .setUploadId(uploadId)
                        .build()),
                AbortMultipartUploadResponse::getError);
    }

    /** The committed parts of an upload, by part number. */
    public List<UploadedPart> listParts(String key, String uploadId) {
        ListPartsResponse response = om.call(
                "ListParts",
                stub -> stub.listParts(ListPartsRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucket)
                        .setName(key)
                        .setUploadId(uploadId)
                        .setMaxParts(MAX_PARTS)
                        .build()),
                ListPartsResponse::getError);
        return response.getPartsList().stream()
                .map(part -> new UploadedPart(
                        part.getPartNumber(),
                        part.getEtag(),
                        part.getSize(),
                        Instant.ofEpochMilli(part.getModificationTimeMillis()),
                        OmTranslator.map(part.getMetadataList())))
                .toList();
    }

    /** In-progress uploads whose key starts with {@code prefix}. */
    public List<MultipartUpload> listUploads(String prefix) {
        ListMultipartUploadsResponse response = om.call(
                "ListMultipartUploads",
                stub -> stub.listMultipartUploads(ListMultipartUploadsRequest.newBuilder()
                        .setVolume(volume)
                        .setBucket(bucket)
                        .setPrefix(prefix)
                        .setMaxUploads(MAX_PARTS)
                        .build()),
                ListMultipartUploadsResponse::getError);
        return response.getUploadsList().stream()
                .map(upload -> new MultipartUpload(
                        upload.getName(), upload.getUploadId(), Instant.ofEpochMilli(upload.getCreationTimeMillis())))
                .toList();
    }
}
