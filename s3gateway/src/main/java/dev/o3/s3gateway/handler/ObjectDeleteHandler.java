package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;
import dev.o3.s3gateway.backend.ObjectStore;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Errors;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.xml.ObjectDocuments;
import dev.o3.s3gateway.xml.XmlRequests;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * DeleteObject (deleting a missing key succeeds, as in S3) and DeleteObjects (up to 1000 keys, quiet mode, per-key
 * errors in the result). Thread-safe.
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
        ObjectStore objects = backend.objects(call.requester());
        if (operation == S3Operation.DELETE_OBJECT) {
            deleteIgnoringMissing(objects, call.bucket(), call.key());
            call.sendEmpty(HttpResponseStatus.NO_CONTENT, call.headers());
            return;
        }
        XmlRequests.DeleteRequest delete = XmlRequests.deleteRequest(call.readSmallBody(MAX_BODY));
        if (delete.keys().size() > MAX_KEYS) {
            throw new S3Exception(S3ErrorCode.MALFORMED_XML, "DeleteObjects accepts at most " + MAX_KEYS + " keys");
        }
        List<ObjectDocuments.Deleted> deleted = new ArrayList<>();
        List<ObjectDocuments.DeleteError> errors = new ArrayList<>();
        for (String key : delete.keys()) {
            try {
                deleteIgnoringMissing(objects, call.bucket(), key);
                if (!delete.quiet()) {
                    deleted.add(new ObjectDocuments.Deleted(key));
                }
            } catch (BackendException e) {
                if (e.status() == BackendStatus.BUCKET_NOT_FOUND || e.status() == BackendStatus.PERMISSION_DENIED) {
                    throw e;
                }
                S3Exception error = S3Errors.translate(e);
                errors.add(new ObjectDocuments.DeleteError(key, error.code().code(), error.getMessage()));
            }
        }
        call.sendXml(new ObjectDocuments.DeleteResult(deleted, errors));
    }

    private static void deleteIgnoringMissing(ObjectStore objects, String bucket, String key) {
        try {
            objects.delete(bucket, key);
        } catch (BackendException e) {
            if (e.status() != BackendStatus.KEY_NOT_FOUND) {
                throw e;
            }
        }
    }
}
