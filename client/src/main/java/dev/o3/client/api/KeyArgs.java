package dev.o3.client.api;

import dev.o3.common.acl.Acl;
import dev.o3.common.acl.CannedAcl;
import java.util.Map;
import java.util.Objects;

/**
 * What a writer sets on a new key besides its data.
 *
 * @param contentType MIME type returned to S3 readers; empty for none
 * @param metadata user metadata
 * @param tags object tags
 * @param acl the key's canned ACL or grants
 */
public record KeyArgs(String contentType, Map<String, String> metadata, Map<String, String> tags, Acl acl) {
    public static final KeyArgs NONE = new KeyArgs("", Map.of(), Map.of());

    public KeyArgs {
        Objects.requireNonNull(contentType, "contentType is null");
        metadata = Map.copyOf(metadata);
        tags = Map.copyOf(tags);
        Objects.requireNonNull(acl, "acl is null");
    }

    /** A private key. */
    public KeyArgs(String contentType, Map<String, String> metadata, Map<String, String> tags) {
        this(contentType, metadata, tags, Acl.PRIVATE);
    }

    /** A key with a canned ACL. */
    public KeyArgs(String contentType, Map<String, String> metadata, Map<String, String> tags, CannedAcl acl) {
        this(contentType, metadata, tags, Acl.of(acl));
    }
}
