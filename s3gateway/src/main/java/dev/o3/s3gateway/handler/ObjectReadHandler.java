package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.ObjectInfo;
import dev.o3.s3gateway.backend.ObjectReader;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.http.S3Request;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * GetObject and HeadObject: single byte ranges (206 with Content-Range, 416 when unsatisfiable), conditional
 * requests (304/412), {@code response-*} header overrides (signed requests only, as in S3), {@code versionId} (a
 * delete marker answers 404 when current, 405 when named, both with {@code x-amz-delete-marker}) and the
 * stored {@code x-amz-checksum-*} with {@code x-amz-checksum-mode: ENABLED} (whole-object reads only: a range has no
 * stored checksum). GET streams from the backend with back-pressure. Thread-safe.
 */
final class ObjectReadHandler implements OperationHandler {
    private static final Map<String, String> OVERRIDES = Map.of(
            "response-content-type", "content-type",
            "response-content-language", "content-language",
            "response-expires", "expires",
            "response-cache-control", "cache-control",
            "response-content-disposition", "content-disposition",
            "response-content-encoding", "content-encoding");

    private final S3Backend backend;

    ObjectReadHandler(S3Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        if (call.requester().isAnonymous() && OVERRIDES.keySet().stream().anyMatch(call.request()::hasQuery)) {
            throw new S3Exception(
                    S3ErrorCode.INVALID_REQUEST,
                    "Request specific response headers cannot be used for anonymous GET requests.");
        }
        try (ObjectReader object = open(call)) {
            respond(operation, call, object);
        }
    }

    /** The current version, or the one {@code versionId} names. */
    private ObjectReader open(S3Call call) {
        Optional<String> versionId = VersionIds.of(call.request());
        if (versionId.isEmpty()) {
            try {
                return backend.objects(call.requester()).open(call.bucket(), call.key());
            } catch (BackendException e) {
                throw VersionIds.currentReadFailure(e, backend.versions(call.requester()), call.bucket(), call.key());
            }
        }
        try {
            return backend.versions(call.requester()).open(call.bucket(), call.key(), versionId.get());
        } catch (BackendException e) {
            throw VersionIds.readFailure(e, versionId.get());
        }
    }

    private static void respond(S3Operation operation, S3Call call, ObjectReader object) {
        S3Request request = call.request();
        ObjectInfo info = object.info();
        HttpHeaders headers = call.headers();
        ObjectHeaders.apply(info, headers);
        if (!info.versionId().isEmpty()) {
            headers.set(VersionIds.VERSION_HEADER, info.versionId());
        }
        if (Conditions.evaluate(request, "", info, false) == Conditions.Outcome.NOT_MODIFIED) {
            headers.remove(HttpHeaderNames.CONTENT_TYPE);
            call.sendEmpty(HttpResponseStatus.NOT_MODIFIED, headers);
            return;
        }
        OVERRIDES.forEach(
                (parameter, header) -> request.query(parameter).ifPresent(value -> headers.set(header, value)));
        Optional<ByteRange> range = request.header("range").flatMap(value -> ByteRange.parse(value, info.size()));
        long offset = range.map(ByteRange::first).orElse(0L);
        long length = range.map(ByteRange::length).orElse(info.size());
        HttpResponseStatus status = HttpResponseStatus.OK;
        if (range.isPresent()) {
            status = HttpResponseStatus.PARTIAL_CONTENT;
            headers.set(HttpHeaderNames.CONTENT_RANGE, range.get().contentRange(info.size()));
        } else if (request.header("x-amz-checksum-mode")
                .filter(mode -> mode.equalsIgnoreCase("ENABLED"))
                .isPresent()) {
            ObjectHeaders.applyChecksum(info, headers);
        }
        if (operation == S3Operation.HEAD_OBJECT || length == 0) {
            headers.set(HttpHeaderNames.CONTENT_LENGTH, length);
            call.sendEmpty(status, headers);
            return;
        }
        try (InputStream data = object.read(offset, length)) {
            call.responder().stream(status, headers, length, data);
        } catch (IOException e) {
            throw new UncheckedIOException("closing the object stream failed", e);
        }
    }
}
