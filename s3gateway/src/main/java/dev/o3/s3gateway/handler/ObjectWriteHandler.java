package dev.o3.s3gateway.handler;

import dev.o3.common.acl.Acl;
import dev.o3.s3gateway.acl.RequestedAcls;
import dev.o3.s3gateway.backend.DataWriter;
import dev.o3.s3gateway.backend.ObjectAttributes;
import dev.o3.s3gateway.backend.ObjectInfo;
import dev.o3.s3gateway.backend.ObjectReader;
import dev.o3.s3gateway.backend.ObjectStore;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.backend.WriteConditions;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.http.S3Request;
import dev.o3.s3gateway.xml.ObjectDocuments;
import dev.o3.s3gateway.xml.S3Xml;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Clock;
import java.util.Objects;

/**
 * PutObject (streamed into the backend; ETag = MD5) and CopyObject ({@code x-amz-copy-source}, metadata directive
 * COPY or REPLACE, {@code x-amz-copy-source-if-*} conditions; data streamed through the gateway). Both take the new
 * object's canned ACL from {@code x-amz-acl} (default private; a copy never takes the source's ACL). Thread-safe.
 */
final class ObjectWriteHandler implements OperationHandler {
    private final S3Backend backend;
    private final Clock clock;

    ObjectWriteHandler(S3Backend backend, Clock clock) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        ObjectHeaders.checkKey(call.key());
        ObjectStore objects = backend.objects(call.requester());
        Acl acl = RequestedAcls.fromHeaders(call.request()).orElse(Acl.PRIVATE);
        if (operation == S3Operation.COPY_OBJECT) {
            copy(call, objects, acl);
            return;
        }
        ObjectHeaders.checkUploadLength(call.body().expectedLength());
        ObjectAttributes attributes = ObjectHeaders.attributes(call.request());
        DataWriter writer = objects.create(
                call.bucket(),
                call.key(),
                attributes,
                acl,
                call.body().expectedLength(),
                Conditions.writeConditions(call.request()));
        String etag = DataPump.commitBody(call.body(), writer);
        HttpHeaders headers = call.headers().set(HttpHeaderNames.ETAG, ObjectHeaders.quotedEtag(etag));
        call.body().checksum().ifPresent(checksum -> headers.set(checksum.headerName(), checksum.value()));
        call.sendEmpty(HttpResponseStatus.OK, withVersion(headers, writer.versionId()));
    }

    private static HttpHeaders withVersion(HttpHeaders headers, String versionId) {
        return versionId.isEmpty() ? headers : headers.set(VersionIds.VERSION_HEADER, versionId);
    }

    private void copy(S3Call call, ObjectStore objects, Acl acl) {
        S3Request request = call.request();
        CopySource source = CopySource.parse(request.header("x-amz-copy-source").orElseThrow());
        call.body().drain();
        try (ObjectReader object = source.open(backend, call.requester())) {
            copy(call, objects, acl, source, object);
        }
    }

    private void copy(S3Call call, ObjectStore objects, Acl acl, CopySource source, ObjectReader object) {
        S3Request request = call.request();
        ObjectInfo info = object.info();
        Conditions.evaluate(request, "x-amz-copy-source-", info, true);
        String directive = request.header("x-amz-metadata-directive").orElse("COPY");
        ObjectAttributes attributes;
        if (directive.equals("REPLACE")) {
            attributes = ObjectHeaders.attributes(request);
        } else if (directive.equals("COPY")) {
            if (source.bucket().equals(call.bucket())
                    && source.key().equals(call.key())
                    && source.versionId().isEmpty()) {
                throw new S3Exception(
                        S3ErrorCode.INVALID_REQUEST,
                        "This copy request is illegal because it is trying to copy an object to itself without"
                                + " changing the object's metadata.");
            }
            attributes = info.attributes();
        } else {
            throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Unknown metadata directive " + directive);
        }
        if (request.header("x-amz-tagging-directive").filter("REPLACE"::equals).isPresent()) {
            attributes = attributes.withTags(ObjectHeaders.attributes(request).tags());
        }
        DataWriter writer =
                objects.create(call.bucket(), call.key(), attributes, acl, info.size(), WriteConditions.NONE);
        String etag = DataPump.commitStream(object.read(0, info.size()), info.size(), writer, info.checksum());
        HttpHeaders headers = withVersion(call.headers(), writer.versionId());
        if (!info.versionId().isEmpty()) {
            headers.set("x-amz-copy-source-version-id", info.versionId());
        }
        call.sendXml(
                headers,
                new ObjectDocuments.CopyObjectResult(S3Xml.timestamp(clock.instant()), ObjectHeaders.quotedEtag(etag)));
    }
}
