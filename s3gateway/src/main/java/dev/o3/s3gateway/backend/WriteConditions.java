package dev.o3.s3gateway.backend;

import java.util.Objects;

/**
 * The conditions of an S3 conditional write, decided by the store where the write is applied.
 *
 * @param ifNoneMatch {@code If-None-Match: *}: only if the object does not exist
 * @param ifMatch {@code If-Match}: only if the object's ETag is this one (quotes allowed); empty for none
 */
public record WriteConditions(boolean ifNoneMatch, String ifMatch) {
    public static final WriteConditions NONE = new WriteConditions(false, "");

    public WriteConditions {
        Objects.requireNonNull(ifMatch, "ifMatch is null");
    }
}
