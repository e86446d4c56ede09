package dev.o3.s3gateway.ozone;

import dev.o3.client.api.KeyArgs;
import dev.o3.client.api.KeyInfo;
import dev.o3.common.acl.Acl;
import dev.o3.s3gateway.backend.ObjectAttributes;
import dev.o3.s3gateway.backend.ObjectChecksum;
import dev.o3.s3gateway.backend.ObjectInfo;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How S3 object attributes live in a key's metadata. User metadata ({@code x-amz-meta-*}) is stored under its own
 * name; the stored standard headers (Cache-Control, Expires, ...) and the verified {@code x-amz-checksum-*} under
 * {@value #PREFIX}-prefixed names, which no user metadata name can take (a colon is not allowed in an HTTP header
 * name).
 */
final class S3KeyMetadata {
    static final String PREFIX = "s3:";
    private static final String CHECKSUM = PREFIX + "checksum-";

    private S3KeyMetadata() {}

    /** The key arguments of a new object or multipart upload. */
    static KeyArgs keyArgs(ObjectAttributes attributes, Acl acl) {
        Map<String, String> metadata = new LinkedHashMap<>(attributes.userMetadata());
        attributes.contentHeaders().forEach((name, value) -> metadata.put(PREFIX + name, value));
        return new KeyArgs(attributes.contentType(), metadata, attributes.tags(), acl);
    }

    /** The metadata a PUT adds when it commits: its verified checksum. */
    static Map<String, String> commitMetadata(Optional<ObjectChecksum> checksum) {
        return checksum.map(sum -> Map.of(CHECKSUM + sum.algorithm().toLowerCase(Locale.ROOT), sum.value()))
                .orElse(Map.of());
    }

    /** The checksum a PUT's or a part's {@link #commitMetadata} holds, if any. */
    static Optional<ObjectChecksum> checksum(Map<String, String> metadata) {
        return metadata.entrySet().stream()
                .filter(entry -> entry.getKey().startsWith(CHECKSUM))
                .findFirst()
                .map(entry -> new ObjectChecksum(
                        entry.getKey().substring(CHECKSUM.length()).toUpperCase(Locale.ROOT), entry.getValue()));
    }

    /** The S3 view of a key. */
    static ObjectInfo objectInfo(KeyInfo key) {
        String contentType = key.contentType().isEmpty() ? ObjectAttributes.DEFAULT_CONTENT_TYPE : key.contentType();
        Map<String, String> userMetadata = new LinkedHashMap<>();
        Map<String, String> contentHeaders = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : key.metadata().entrySet()) {
            String name = entry.getKey();
            if (name.startsWith(CHECKSUM)) {
                continue;
            }
            if (name.startsWith(PREFIX)) {
                contentHeaders.put(name.substring(PREFIX.length()), entry.getValue());
            } else {
                userMetadata.put(name, entry.getValue());
            }
        }
        return new ObjectInfo(
                key.name(),
                key.size(),
                key.etag(),
                key.modificationTime(),
                new ObjectAttributes(contentType, userMetadata, key.tags(), contentHeaders),
                checksum(key.metadata()),
                key.versionId());
    }
}
