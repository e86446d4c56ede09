package dev.o3.client.api;

import java.util.Objects;

/**
 * The S3 credentials of a user.
 *
 * @param accessKey the access key id (the user name, as in Apache Ozone)
 * @param secret the secret key
 */
public record S3Secret(String accessKey, String secret) {
    public S3Secret {
        Objects.requireNonNull(accessKey, "accessKey is null");
        Objects.requireNonNull(secret, "secret is null");
    }

    @Override
    public String toString() {
        return "S3Secret[accessKey=" + accessKey + ", secret=<redacted>]";
    }
}
