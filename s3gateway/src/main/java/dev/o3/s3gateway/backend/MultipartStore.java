package dev.o3.s3gateway.backend;

import dev.o3.common.acl.Acl;
import java.util.List;
import java.util.Optional;

/**
 * Multipart uploads, acting as one requester. Thread-safe; calls may block. Methods taking an upload id throw
 * {@link BackendException} with {@code NO_SUCH_MULTIPART_UPLOAD} when it is unknown (or belongs to another key).
 */
public interface MultipartStore {
    /** Starts an upload of {@code key}, which gets the canned ACL when completed; returns the new upload id. */
    String initiate(String bucket, String key, ObjectAttributes attributes, Acl acl);

    /**
     * Opens part {@code partNumber} (replacing an earlier upload of the same number once committed).
     *
     * @param expectedLength the part length when known, else -1
     */
    DataWriter uploadPart(String bucket, String key, String uploadId, int partNumber, long expectedLength);

    /**
     * Makes the object from the listed parts (ascending part numbers, checked by the gateway) without copying data,
     * and ends the upload.
     *
     * @param etag the multipart ETag the gateway computed from the listed part ETags
     * @param conditions checked when the upload completes
     * @param checksum the object's composite checksum, when every listed part has one
     * @return the object, with its version id in a versioned bucket
     * @throws BackendException {@code INVALID_PART} when a part is missing or its ETag differs,
     *     {@code ENTITY_TOO_SMALL} when a part other than the last is under 5 MiB, {@code PRECONDITION_FAILED} or
     *     {@code CONDITIONAL_REQUEST_CONFLICT} (the key was written since the upload began)
     */
    ObjectInfo complete(
            String bucket,
            String key,
            String uploadId,
            List<CompletedPart> parts,
            String etag,
            WriteConditions conditions,
            Optional<ObjectChecksum> checksum);

    /** Ends the upload and discards its parts. */
    void abort(String bucket, String key, String uploadId);

    /** The upload's parts in part-number order. */
    List<PartInfo> listParts(String bucket, String key, String uploadId);

    /** The bucket's in-progress uploads whose key starts with {@code prefix}, ordered by key then initiation. */
    List<UploadInfo> listUploads(String bucket, String prefix);
}
