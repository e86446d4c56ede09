package dev.o3.client.cli;

import java.util.Optional;

/**
 * A shell address {@code /volume[/bucket[/key...]]}, optionally prefixed with {@code o3://host:port} (accepted for
 * Apache Ozone habits; the OM address still comes from configuration).
 *
 * @param volume volume name
 * @param bucket bucket name, if given
 * @param key key name (may contain '/'), if given
 */
public record OzonePath(String volume, Optional<String> bucket, Optional<String> key) {
    /**
     * Parses a path.
     *
     * @throws IllegalArgumentException when the path has no volume or is not absolute
     */
    public static OzonePath parse(String text) {
        String path = text;
        if (path.startsWith("o3://")) {
            int slash = path.indexOf('/', "o3://".length());
            path = slash < 0 ? "/" : path.substring(slash);
        }
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with /: '" + text + "' (expected /volume/bucket/key)");
        }
        String[] parts = path.substring(1).split("/", 3);
        if (parts[0].isEmpty()) {
            throw new IllegalArgumentException("path names no volume: '" + text + "'");
        }
        Optional<String> bucket = parts.length > 1 && !parts[1].isEmpty() ? Optional.of(parts[1]) : Optional.empty();
        Optional<String> key = parts.length > 2 && !parts[2].isEmpty() ? Optional.of(parts[2]) : Optional.empty();
        return new OzonePath(parts[0], bucket, key);
    }

    /** The bucket, which this command needs. */
    public String requireBucket() {
        return bucket.orElseThrow(() -> new IllegalArgumentException("path names no bucket: expected /volume/bucket"));
    }

    /** The key, which this command needs. */
    public String requireKey() {
        return key.orElseThrow(() -> new IllegalArgumentException("path names no key: expected /volume/bucket/key"));
    }
}
