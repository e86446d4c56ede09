package dev.o3.client.api;

import java.util.Objects;

/**
 * S3 conditional-write conditions of a key write, decided by OM when it applies the write, so of two racing writers
 * at most one succeeds.
 *
 * @param ifNoneMatch only if the key does not exist ({@code If-None-Match: *})
 * @param ifMatch only if the key's ETag is this one ({@code If-Match}); empty for no condition
 */
public record WriteConditions(boolean ifNoneMatch, String ifMatch) {
    public static final WriteConditions NONE = new WriteConditions(false, "");

    public WriteConditions {
        Objects.requireNonNull(ifMatch, "ifMatch is null");
    }
}
