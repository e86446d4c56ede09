package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.backend.ObjectInfo;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.xml.AttributesDocuments;
import dev.o3.s3gateway.xml.S3Xml;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * GetObjectAttributes: the attributes named in {@code x-amz-object-attributes} (ETag, Checksum, ObjectParts,
 * StorageClass, ObjectSize) of an object in one document, without its data. ObjectParts gives the part count of a
 * multipart object (from its ETag); the parts' own sizes and checksums are not kept. Thread-safe.
 */
final class ObjectAttributesHandler implements OperationHandler {
    private static final Set<String> ATTRIBUTES =
            Set.of("ETag", "Checksum", "ObjectParts", "StorageClass", "ObjectSize");

    private final S3Backend backend;

    ObjectAttributesHandler(S3Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        Set<String> wanted = requested(call);
        ObjectInfo info = backend.objects(call.requester()).info(call.bucket(), call.key());
        Conditions.evaluate(call.request(), "", info, true);
        int parts = partCount(info.etag());
        var document = new AttributesDocuments.GetObjectAttributesResponse(
                wanted.contains("ETag") ? info.etag() : null,
                wanted.contains("Checksum")
                        ? info.checksum()
                                .map(sum -> AttributesDocuments.Checksum.of(
                                        sum.algorithm(), sum.value(), PartChecksums.type(sum)))
                                .orElse(null)
                        : null,
                wanted.contains("ObjectParts") && parts > 0 ? new AttributesDocuments.ObjectParts(parts) : null,
                wanted.contains("StorageClass") ? "STANDARD" : null,
                wanted.contains("ObjectSize") ? info.size() : null);
        HttpHeaders headers = call.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, "application/xml")
                .set(HttpHeaderNames.LAST_MODIFIED, ObjectHeaders.httpDate(info));
        call.responder().send(HttpResponseStatus.OK, headers, Unpooled.wrappedBuffer(S3Xml.write(document)));
    }

    /** The attributes asked for: the header may be sent once as a comma list or repeated (as the Java SDK does). */
    private static Set<String> requested(S3Call call) {
        List<String> values = call.request().signable().headers().getOrDefault("x-amz-object-attributes", List.of());
        Set<String> wanted = values.stream()
                .flatMap(value -> Arrays.stream(value.split(",", -1)))
                .map(String::trim)
                .filter(name -> !name.isEmpty())
                .collect(Collectors.toSet());
        if (wanted.isEmpty()) {
            throw new S3Exception(
                    S3ErrorCode.INVALID_ARGUMENT,
                    "The x-amz-object-attributes header specifying the attributes to be retrieved is either missing or"
                            + " empty");
        }
        if (!ATTRIBUTES.containsAll(wanted)) {
            throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Invalid attribute name specified.");
        }
        return wanted;
    }

    /** The part count of a multipart ETag ({@code md5-N}), 0 for a single PUT. */
    private static int partCount(String etag) {
        int dash = etag.lastIndexOf('-');
        if (dash < 0) {
            return 0;
        }
        try {
            return Integer.parseInt(etag.substring(dash + 1));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
