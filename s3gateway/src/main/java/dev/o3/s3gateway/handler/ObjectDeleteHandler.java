package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.backend.VersionStore;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Errors;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.xml.ObjectDocuments;
import dev.o3.s3gateway.xml.XmlRequests;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * DeleteObject (deleting a missing key or version succeeds, as in S3) and DeleteObjects (up to 1000 keys, quiet mode,
 * per-key errors in the result), both with version ids: a delete without one adds a delete marker in a versioned
 * bucket. Thread-safe.
 */
final class ObjectDeleteHandler implements OperationHandler {
    private static final int MAX_KEYS = 1000;
    private static final int MAX_BODY = 2 * 1024 * 1024;

    private final S3Backend backend;

    ObjectDeleteHandler(S3Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        VersionStore versions = backend.versions(call.requester());
        if (operation == S3Operation.DELETE_OBJECT) {
            String versionId = VersionIds.of(call.request()).orElse("");
            VersionStore.DeletedVersion deleted = deleteIgnoringMissing(versions, call.bucket(), call.key(), versionId);
            HttpHeaders headers = call.headers();
            if (!deleted.versionId().isEmpty()) {
                headers.set(VersionIds.VERSION_HEADER, deleted.versionId());
            }
            if (deleted.deleteMarker()) {
                headers.set(VersionIds.DELETE_MARKER_HEADER, "true");
            }
            call.sendEmpty(HttpResponseStatus.NO_CONTENT, headers);
            return;
        }
        XmlRequests.DeleteRequest delete = XmlRequests.deleteRequest(call.readSmallBody(MAX_BODY));
        if (delete.keys().size() > MAX_KEYS) {
            throw new S3Exception(S3ErrorCode.MALFORMED_XML, "DeleteObjects accepts at most " + MAX_KEYS + " keys");
        }
        List<ObjectDocuments.Deleted> deleted = new ArrayList<>();
        List<ObjectDocuments.DeleteError> errors = new ArrayList<>();
        for (int i = 0; i < delete.keys().size(); i++) {
            String key = delete.keys().get(i);
            String versionId = delete.versionIds().get(i);
            try {
                VersionStore.DeletedVersion result = deleteIgnoringMissing(
                        versions, call.bucket(), key, versionId.isEmpty() ? "" : VersionIds.check(versionId));
                if (!delete.quiet()) {
                    deleted.add(deletedEntry(key, versionId, result));
                }
            } catch (BackendException e) {
                if (e.status() == BackendStatus.BUCKET_NOT_FOUND || e.status() == BackendStatus.PERMISSION_DENIED) {
                    throw e;
                }
                S3Exception error = S3Errors.translate(e);
                errors.add(new ObjectDocuments.DeleteError(key, error.code().code(), error.getMessage()));
            } catch (S3Exception e) {
                errors.add(new ObjectDocuments.DeleteError(key, e.code().code(), e.getMessage()));
            }
        }
        call.sendXml(new ObjectDocuments.DeleteResult(deleted, errors));
    }

    /** The result entry of one key, as S3 writes it for a named version, an added marker or a plain delete. */
    private static ObjectDocuments.Deleted deletedEntry(
            String key, String versionId, VersionStore.DeletedVersion result) {
        if (!versionId.isEmpty()) {
            return result.deleteMarker()
                    ? new ObjectDocuments.Deleted(key, versionId, true, versionId)
                    : new ObjectDocuments.Deleted(key, versionId, null, null);
        }
        return result.deleteMarker()
                ? new ObjectDocuments.Deleted(key, null, true, result.versionId())
                : new ObjectDocuments.Deleted(key, null, null, null);
    }

    private static VersionStore.DeletedVersion deleteIgnoringMissing(
            VersionStore versions, String bucket, String key, String versionId) {
        try {
            return versions.delete(bucket, key, versionId);
        } catch (BackendException e) {
            if (e.status() != BackendStatus.KEY_NOT_FOUND && e.status() != BackendStatus.NO_SUCH_VERSION) {
                throw e;
            }
            return new VersionStore.DeletedVersion(versionId, false);
        }
    }
}
