package dev.o3.s3gateway.backend;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What an S3 client sets on an object besides its data.
 *
 * @param contentType the Content-Type to return on GET
 * @param userMetadata {@code x-amz-meta-*} pairs, names lower-case without the prefix
 * @param tags object tags
 * @param contentHeaders the other standard headers S3 stores and returns ({@link #CONTENT_HEADERS}), by lower-case
 *     name
 */
public record ObjectAttributes(
        String contentType,
        Map<String, String> userMetadata,
        Map<String, String> tags,
        Map<String, String> contentHeaders) {
    public static final String DEFAULT_CONTENT_TYPE = "binary/octet-stream";

    /** The standard headers kept with an object besides Content-Type. */
    public static final List<String> CONTENT_HEADERS =
            List.of("cache-control", "content-disposition", "content-encoding", "content-language", "expires");

    public ObjectAttributes {
        Objects.requireNonNull(contentType, "contentType is null");
        userMetadata = Map.copyOf(userMetadata);
        tags = Map.copyOf(tags);
        contentHeaders = Map.copyOf(contentHeaders);
    }

    /** Attributes without stored content headers. */
    public ObjectAttributes(String contentType, Map<String, String> userMetadata, Map<String, String> tags) {
        this(contentType, userMetadata, tags, Map.of());
    }

    /** Attributes with no metadata and no tags. */
    public static ObjectAttributes of(String contentType) {
        return new ObjectAttributes(contentType, Map.of(), Map.of());
    }

    /** The same attributes with other tags. */
    public ObjectAttributes withTags(Map<String, String> newTags) {
        return new ObjectAttributes(contentType, userMetadata, newTags, contentHeaders);
    }

    /** The user metadata sorted by name (for stable response headers). */
    public Map<String, String> sortedUserMetadata() {
        return new TreeMap<>(userMetadata);
    }
}
