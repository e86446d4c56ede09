package dev.o3.s3gateway.http;

import dev.o3.s3gateway.auth.SignableRequest;
import java.util.Objects;
import java.util.Optional;

/**
 * A parsed S3 request line and headers.
 *
 * @param signable method, decoded path, query and headers as SigV4 sees them
 * @param bucket the addressed bucket (from the path or the Host header), empty for service requests
 * @param key the object key, empty for service and bucket requests
 * @param v2ResourcePath the path as SigV2 signs it: the request's path as sent (not decoded), after {@code /bucket}
 *     when the bucket was addressed by host name; a bucket alone is {@code /bucket/}
 */
public record S3Request(
        SignableRequest signable, Optional<String> bucket, Optional<String> key, String v2ResourcePath) {
    public S3Request {
        Objects.requireNonNull(v2ResourcePath, "v2ResourcePath is null");
        Objects.requireNonNull(signable, "signable is null");
        Objects.requireNonNull(bucket, "bucket is null");
        Objects.requireNonNull(key, "key is null");
    }

    public String method() {
        return signable.method();
    }

    public Optional<String> header(String lowerCaseName) {
        return signable.header(lowerCaseName);
    }

    public Optional<String> query(String name) {
        return signable.queryParameter(name);
    }

    public boolean hasQuery(String name) {
        return signable.queryParameter(name).isPresent();
    }

    /** {@code /bucket/key} for error documents. */
    public String resource() {
        return "/" + bucket.orElse("") + key.map(k -> "/" + k).orElse("");
    }
}
