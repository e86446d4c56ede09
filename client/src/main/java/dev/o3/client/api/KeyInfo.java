package dev.o3.client.api;

import dev.o3.client.io.KeyInputStream;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * A key's metadata as the API shows it (without block locations).
 *
 * @param volume volume name
 * @param bucket bucket name
 * @param name key name
 * @param size length in bytes
 * @param replicationFactor 1 or 3
 * @param etag MD5-style entity tag when known, else empty
 * @param metadata user metadata
 * @param tags object tags
 * @param contentType MIME type set by the writer, empty when none
 * @param creationTime when it was created
 * @param modificationTime when it was last committed
 * @param versionId the version's id in a versioned bucket ("null" for the null version), else empty
 */
public record KeyInfo(
        String volume,
        String bucket,
        String name,
        long size,
        int replicationFactor,
        String etag,
        Map<String, String> metadata,
        Map<String, String> tags,
        String contentType,
        Instant creationTime,
        Instant modificationTime,
        String versionId) {
    public KeyInfo {
        Objects.requireNonNull(volume, "volume is null");
        Objects.requireNonNull(bucket, "bucket is null");
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(etag, "etag is null");
        metadata = Map.copyOf(metadata);
        tags = Map.copyOf(tags);
        Objects.requireNonNull(contentType, "contentType is null");
        Objects.requireNonNull(creationTime, "creationTime is null");
        Objects.requireNonNull(modificationTime, "modificationTime is null");
        Objects.requireNonNull(versionId, "versionId is null");
    }

    /** The metadata of the key version a stream reads (from the lookup that opened it, no further call). */
    public static KeyInfo of(KeyInputStream stream) {
        return OmTranslator.key(stream.keyInfo());
    }
}
