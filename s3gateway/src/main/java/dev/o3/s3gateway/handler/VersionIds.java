package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;
import dev.o3.s3gateway.backend.VersionStore;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Errors;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.http.S3Request;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The {@code versionId} of a request and the version headers of responses. O3's version ids are 16 hex digits (a
 * sequence number), or "null" for the null version; anything else is refused as S3 refuses an id it never issued.
 */
final class VersionIds {
    static final String VERSION_HEADER = "x-amz-version-id";
    static final String DELETE_MARKER_HEADER = "x-amz-delete-marker";
    private static final Pattern ID = Pattern.compile("null|[0-9a-f]{16}");

    private VersionIds() {}

    /**
     * The request's {@code versionId}, if any.
     *
     * @throws S3Exception InvalidArgument for an empty or malformed id
     */
    static Optional<String> of(S3Request request) {
        return request.query("versionId").map(VersionIds::check);
    }

    /** Checks a version id from a request (query, copy source or DeleteObjects document). */
    static String check(String versionId) {
        if (!ID.matcher(versionId).matches()) {
            throw new S3Exception(
                    S3ErrorCode.INVALID_ARGUMENT,
                    versionId.isEmpty() ? "Version id cannot be the empty string" : "Invalid version id specified");
        }
        return versionId;
    }

    /**
     * The S3 error of a failed read of a key's current version: when the key is missing because its newest version is
     * a delete marker, 404 NoSuchKey with {@code x-amz-delete-marker} and the marker's version id, as S3 answers. Only
     * this error path looks the marker up (one listing of the key's newest version).
     */
    static S3Exception currentReadFailure(BackendException e, VersionStore versions, String bucket, String key) {
        S3Exception failure = S3Errors.translate(e);
        if (e.status() != BackendStatus.KEY_NOT_FOUND) {
            return failure;
        }
        List<VersionStore.ObjectVersion> newest;
        try {
            newest = versions.list(bucket, key, "", "", "", 1).versions();
        } catch (BackendException listing) {
            return failure;
        }
        if (newest.isEmpty()
                || !newest.get(0).deleteMarker()
                || !newest.get(0).info().key().equals(key)) {
            return failure;
        }
        return new S3Exception(
                S3ErrorCode.NO_SUCH_KEY,
                failure.getMessage(),
                Map.of(
                        DELETE_MARKER_HEADER,
                        "true",
                        VERSION_HEADER,
                        newest.get(0).info().versionId()));
    }

    /**
     * The S3 error of a failed read of one version: a delete marker is 405 MethodNotAllowed with
     * {@code x-amz-delete-marker} and the version id, as S3 answers.
     */
    static S3Exception readFailure(BackendException e, String versionId) {
        if (e.status() != BackendStatus.METHOD_NOT_ALLOWED) {
            return S3Errors.translate(e);
        }
        return new S3Exception(
                S3ErrorCode.METHOD_NOT_ALLOWED,
                S3ErrorCode.METHOD_NOT_ALLOWED.defaultMessage(),
                Map.of(DELETE_MARKER_HEADER, "true", VERSION_HEADER, versionId, "Allow", "DELETE"));
    }
}
