package dev.o3.s3gateway.ozone;

import dev.o3.client.api.CompletedUpload;
import dev.o3.client.api.KeyArgs;
import dev.o3.client.api.MultipartUploads;
import dev.o3.client.api.ObjectStore;
import dev.o3.common.acl.Acl;
import dev.o3.s3gateway.backend.CompletedPart;
import dev.o3.s3gateway.backend.DataWriter;
import dev.o3.s3gateway.backend.MultipartStore;
import dev.o3.s3gateway.backend.ObjectAttributes;
import dev.o3.s3gateway.backend.ObjectChecksum;
import dev.o3.s3gateway.backend.ObjectInfo;
import dev.o3.s3gateway.backend.PartInfo;
import dev.o3.s3gateway.backend.UploadInfo;
import dev.o3.s3gateway.backend.WriteConditions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Multipart uploads kept by OM; completing one stitches the parts' blocks into the key without copying data. */
final class OzoneMultipartStore implements MultipartStore {
    private final ObjectStore store;
    private final String volume;

    OzoneMultipartStore(ObjectStore store, String volume) {
        this.store = store;
        this.volume = volume;
    }

    @Override
    public String initiate(String bucket, String key, ObjectAttributes attributes, Acl acl) {
        KeyArgs args = S3KeyMetadata.keyArgs(attributes, acl);
        return OmErrors.call(() -> uploads(bucket).initiate(key, args));
    }

    @Override
    public DataWriter uploadPart(String bucket, String key, String uploadId, int partNumber, long expectedLength) {
        return OmErrors.call(
                () -> new KeyDataWriter(uploads(bucket).uploadPart(key, uploadId, partNumber, expectedLength)));
    }

    @Override
    public ObjectInfo complete(
            String bucket,
            String key,
            String uploadId,
            List<CompletedPart> parts,
            String etag,
            WriteConditions conditions,
            Optional<ObjectChecksum> checksum) {
        Map<Integer, String> etags = new LinkedHashMap<>();
        parts.forEach(part -> etags.put(part.partNumber(), part.etag()));
        CompletedUpload completed = OmErrors.call(() -> uploads(bucket)
                .complete(
                        key,
                        uploadId,
                        etags,
                        etag,
                        OzoneObjectStore.conditions(conditions),
                        S3KeyMetadata.commitMetadata(checksum)));
        ObjectInfo info = S3KeyMetadata.objectInfo(
                OmErrors.call(() -> store.bucket(volume, bucket).getKey(key)));
        return new ObjectInfo(
                info.key(),
                info.size(),
                info.etag(),
                info.lastModified(),
                info.attributes(),
                info.checksum(),
                completed.versionId());
    }

    @Override
    public void abort(String bucket, String key, String uploadId) {
        OmErrors.run(() -> uploads(bucket).abort(key, uploadId));
    }

    @Override
    public List<PartInfo> listParts(String bucket, String key, String uploadId) {
        return OmErrors.call(() -> uploads(bucket).listParts(key, uploadId)).stream()
                .map(part -> new PartInfo(
                        part.partNumber(),
                        part.etag(),
                        part.size(),
                        part.modified(),
                        S3KeyMetadata.checksum(part.metadata())))
                .toList();
    }

    @Override
    public List<UploadInfo> listUploads(String bucket, String prefix) {
        return OmErrors.call(() -> uploads(bucket).listUploads(prefix)).stream()
                .map(upload -> new UploadInfo(upload.key(), upload.uploadId(), upload.initiated()))
                .toList();
    }

    private MultipartUploads uploads(String bucket) {
        return store.bucket(volume, bucket).multipart();
    }
}
