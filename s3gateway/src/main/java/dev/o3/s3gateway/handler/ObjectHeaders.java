package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.backend.ObjectAttributes;
import dev.o3.s3gateway.backend.ObjectInfo;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.http.S3Request;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Object attributes from request headers, and object headers on responses. */
final class ObjectHeaders {
    static final String META_PREFIX = "x-amz-meta-";
    private static final int MAX_METADATA_BYTES = 2048;
    private static final int MAX_KEY_BYTES = 1024;
    private static final int MAX_TAGS = 10;
    private static final long MAX_UPLOAD_BYTES = 5L << 30;

    private ObjectHeaders() {}

    /** Content type, user metadata and {@code x-amz-tagging} of a PUT, POST ?uploads or REPLACE copy. */
    static ObjectAttributes attributes(S3Request request) {
        Map<String, String> metadata = new LinkedHashMap<>();
        int size = 0;
        for (Map.Entry<String, List<String>> header :
                request.signable().headers().entrySet()) {
            if (header.getKey().startsWith(META_PREFIX)) {
                String name = header.getKey().substring(META_PREFIX.length());
                String value = String.join(",", header.getValue());
                metadata.put(name, value);
                size += (name + value).getBytes(StandardCharsets.UTF_8).length;
            }
        }
        if (size > MAX_METADATA_BYTES) {
            throw new S3Exception(S3ErrorCode.METADATA_TOO_LARGE);
        }
        Map<String, String> tags =
                request.header("x-amz-tagging").map(ObjectHeaders::parseTagging).orElse(Map.of());
        String contentType = request.header("content-type").orElse(ObjectAttributes.DEFAULT_CONTENT_TYPE);
        Map<String, String> contentHeaders = new LinkedHashMap<>();
        for (String name : ObjectAttributes.CONTENT_HEADERS) {
            request.header(name).ifPresent(value -> contentHeaders.put(name, value));
        }
        contentHeaders.computeIfPresent("content-encoding", (name, value) -> withoutAwsChunked(value));
        return new ObjectAttributes(contentType, metadata, tags, contentHeaders);
    }

    /** The Content-Encoding without the transfer-only {@code aws-chunked} token, or null when nothing is left. */
    private static String withoutAwsChunked(String encoding) {
        String rest = Arrays.stream(encoding.split(",", -1))
                .map(String::trim)
                .filter(token -> !token.isEmpty() && !token.equalsIgnoreCase("aws-chunked"))
                .collect(Collectors.joining(","));
        return rest.isEmpty() ? null : rest;
    }

    /**
     * Checks S3's 5 GiB limit of one PutObject or UploadPart body against its declared length, before reading it.
     *
     * @throws S3Exception EntityTooLarge
     */
    static void checkUploadLength(long declaredLength) {
        if (declaredLength > MAX_UPLOAD_BYTES) {
            throw new S3Exception(S3ErrorCode.ENTITY_TOO_LARGE);
        }
    }

    /** Checks the S3 key length limit. */
    static void checkKey(String key) {
        if (key.getBytes(StandardCharsets.UTF_8).length > MAX_KEY_BYTES) {
            throw new S3Exception(S3ErrorCode.KEY_TOO_LONG);
        }
    }

    /** Checks tag count and lengths (10 tags, keys up to 128 and values up to 256 characters). */
    static Map<String, String> checkTags(Map<String, String> tags) {
        if (tags.size() > MAX_TAGS) {
            throw new S3Exception(S3ErrorCode.INVALID_TAG, "Object tags cannot be greater than " + MAX_TAGS);
        }
        for (Map.Entry<String, String> tag : tags.entrySet()) {
            if (tag.getKey().isEmpty()
                    || tag.getKey().length() > 128
                    || tag.getValue().length() > 256) {
                throw new S3Exception(S3ErrorCode.INVALID_TAG, "Invalid tag " + tag.getKey());
            }
        }
        return tags;
    }

    /** The ETag header value (quoted). */
    static String quotedEtag(String etag) {
        return "\"" + etag + "\"";
    }

    /** Sets ETag, Last-Modified, Content-Type, metadata and tag count of an object on response headers. */
    static void apply(ObjectInfo info, HttpHeaders headers) {
        headers.set(HttpHeaderNames.ETAG, quotedEtag(info.etag()));
        headers.set(HttpHeaderNames.LAST_MODIFIED, httpDate(info));
        headers.set(HttpHeaderNames.CONTENT_TYPE, info.attributes().contentType());
        headers.set(HttpHeaderNames.ACCEPT_RANGES, "bytes");
        info.attributes().contentHeaders().forEach(headers::set);
        info.attributes().sortedUserMetadata().forEach((name, value) -> headers.set(META_PREFIX + name, value));
        if (!info.attributes().tags().isEmpty()) {
            headers.set("x-amz-tagging-count", info.attributes().tags().size());
        }
    }

    /** Sets the stored additional checksum, if any, and its type (always of the whole object). */
    static void applyChecksum(ObjectInfo info, HttpHeaders headers) {
        info.checksum().ifPresent(checksum -> headers.set(checksum.headerName(), checksum.value())
                .set("x-amz-checksum-type", PartChecksums.type(checksum)));
    }

    static String httpDate(ObjectInfo info) {
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(info.lastModified().atOffset(ZoneOffset.UTC));
    }

    private static Map<String, String> parseTagging(String tagging) {
        Map<String, String> tags = new LinkedHashMap<>();
        for (String pair : tagging.split("&", -1)) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = formDecode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : formDecode(pair.substring(eq + 1));
            tags.put(key, value);
        }
        return checkTags(tags);
    }

    private static String formDecode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new S3Exception(S3ErrorCode.INVALID_TAG, "Bad x-amz-tagging", e);
        }
    }
}
