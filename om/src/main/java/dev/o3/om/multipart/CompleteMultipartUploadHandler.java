package dev.o3.om.multipart;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.key.DeletedKeys;
import dev.o3.om.key.KeyConditions;
import dev.o3.om.key.KeyLayouts;
import dev.o3.om.key.KeyVersions;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.hdds.BlockLocation;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.CompleteMultipartUploadRequest;
import dev.o3.proto.om.CompleteMultipartUploadResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.MultipartUploadRecord;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.PartInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Completes a multipart upload as S3 does: the listed parts must be in ascending order (INVALID_PART_ORDER), each must
 * exist with the listed ETag (INVALID_PART), and every part but the last must be at least the minimum part size
 * (ENTITY_TOO_SMALL). The key is their concatenation; its ETag is the MD5 of the parts' MD5s plus {@code -count}.
 * Uploaded parts left out are freed.
 */
public final class CompleteMultipartUploadHandler implements WriteRequest {
    private final long minPartSize;

    public CompleteMultipartUploadHandler(long minPartSize) {
        this.minPartSize = minPartSize;
    }

    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        CompleteMultipartUploadRequest request = transaction.getCompleteMultipartUpload();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        Lookups.checkWrite(mutation, Lookups.caller(transaction), bucket);
        MultipartUploadRecord upload = Uploads.find(
                mutation, request.getVolume(), request.getBucket(), request.getName(), request.getUploadId());
        checkConditions(mutation, bucket, request, upload);
        List<PartInfo> chosen = validate(upload, request.getPartsList());
        String etag = PartEtags.multipartEtag(chosen);
        KeyInfo.Builder key = KeyInfo.newBuilder()
                .setVolume(upload.getVolume())
                .setBucket(upload.getBucket())
                .setName(upload.getName())
                .setReplication(upload.getReplication())
                .addAllMetadata(upload.getMetadataList())
                .addAllMetadata(request.getMetadataList())
                .setContentType(upload.getContentType())
                .setAcl(upload.getAcl())
                .addAllGrants(upload.getGrantsList())
                .setEtag(etag)
                .setCreationTimeMillis(transaction.getTimeMillis())
                .setModificationTimeMillis(transaction.getTimeMillis())
                .setObjectId(mutation.nextObjectId());
        long offset = 0;
        for (PartInfo part : chosen) {
            for (BlockLocation block : part.getBlocksList()) {
                key.addBlocks(block.toBuilder().setOffsetInKey(offset + block.getOffsetInKey()));
            }
            offset += part.getSize();
        }
        String versionId = KeyVersions.commit(mutation, bucket, key.setSize(offset));
        Set<Integer> used = new HashSet<>();
        chosen.forEach(part -> used.add(part.getPartNumber()));
        for (PartInfo part : upload.getPartsList()) {
            if (!used.contains(part.getPartNumber())) {
                DeletedKeys.add(mutation, CommitMultipartPartHandler.asKey(upload, part));
            }
        }
        mutation.delete(
                OmSchema.MULTIPART_UPLOADS,
                Uploads.row(request.getVolume(), request.getBucket(), request.getName(), request.getUploadId()));
        return CompleteMultipartUploadResponse.newBuilder()
                .setEtag(etag)
                .setVersionId(versionId)
                .build();
    }

    /**
     * S3 If-None-Match / If-Match: PRECONDITION_FAILED, or CONDITIONAL_REQUEST_CONFLICT when the key was written
     * after the upload began (a concurrent write won).
     */
    private static void checkConditions(
            Mutation mutation, BucketInfo bucket, CompleteMultipartUploadRequest request, MultipartUploadRecord upload)
            throws OmException {
        KeyConditions conditions = new KeyConditions(request.getIfNoneMatch(), request.getIfMatch());
        if (!conditions.any()) {
            return;
        }
        Optional<KeyInfo> current = KeyLayouts.of(bucket).lookup(mutation, bucket, request.getName());
        boolean writtenSince =
                current.isPresent() && current.get().getModificationTimeMillis() > upload.getCreationTimeMillis();
        conditions.check(
                current,
                writtenSince ? OmStatus.CONDITIONAL_REQUEST_CONFLICT : OmStatus.PRECONDITION_FAILED,
                request.getName());
    }

    /** The uploaded parts the request names, in order, after checking order, ETags and sizes. */
    private List<PartInfo> validate(MultipartUploadRecord upload, List<PartInfo> listed) throws OmException {
        if (listed.isEmpty()) {
            throw new OmException(OmStatus.INVALID_PART, "a multipart upload is completed with at least one part");
        }
        Map<Integer, PartInfo> uploaded = new HashMap<>();
        upload.getPartsList().forEach(part -> uploaded.put(part.getPartNumber(), part));
        List<PartInfo> chosen = new ArrayList<>();
        int previous = 0;
        for (PartInfo part : listed) {
            if (part.getPartNumber() <= previous) {
                throw new OmException(
                        OmStatus.INVALID_PART_ORDER,
                        "parts must be listed in ascending order; " + part.getPartNumber() + " follows " + previous);
            }
            previous = part.getPartNumber();
            PartInfo stored = uploaded.get(part.getPartNumber());
            if (stored == null || !PartEtags.matches(stored.getEtag(), part.getEtag())) {
                throw new OmException(
                        OmStatus.INVALID_PART,
                        "part " + part.getPartNumber() + " was not uploaded or its ETag does not match");
            }
            chosen.add(stored);
        }
        for (int i = 0; i < chosen.size() - 1; i++) {
            if (chosen.get(i).getSize() < minPartSize) {
                throw new OmException(
                        OmStatus.ENTITY_TOO_SMALL,
                        "part " + chosen.get(i).getPartNumber() + " is smaller than " + minPartSize + " bytes");
            }
        }
        return chosen;
    }
}
