package dev.o3.client.api;

import java.util.Map;
import java.util.Objects;

/**
 * What a writer sets on a new key besides its data.
 *
 * @param contentType MIME type returned to S3 readers; empty for none
 * @param metadata user metadata
 * @param tags object tags
 */
public record KeyArgs(String contentType, Map<String, String> metadata, Map<String, String> tags) {
    public static final KeyArgs NONE = new KeyArgs("", Map.of(), Map.of());

    public KeyArgs {
        Objects.requireNonNull(contentType, "contentType is null");
        metadata = Map.copyOf(metadata);
        tags = Map.copyOf(tags);
    }
}
