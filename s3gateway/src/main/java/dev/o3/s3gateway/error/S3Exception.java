package dev.o3.s3gateway.error;

import java.util.Map;
import java.util.Objects;

/** An S3 request failure answered with an S3 error document; thrown by handlers on worker threads. */
public final class S3Exception extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final S3ErrorCode code;
    private final Map<String, String> headers;

    public S3Exception(S3ErrorCode code) {
        this(code, code.defaultMessage());
    }

    public S3Exception(S3ErrorCode code, String message) {
        this(code, message, Map.of());
    }

    /** An error whose response carries extra headers (e.g. {@code Content-Range} of a 416). */
    public S3Exception(S3ErrorCode code, String message, Map<String, String> headers) {
        super(message);
        this.code = Objects.requireNonNull(code, "code is null");
        this.headers = Map.copyOf(headers);
    }

    public S3Exception(S3ErrorCode code, String message, Throwable cause) {
        super(message, cause);
        this.code = Objects.requireNonNull(code, "code is null");
        this.headers = Map.of();
    }

    public S3ErrorCode code() {
        return code;
    }

    /** Extra response headers. */
    public Map<String, String> headers() {
        return headers;
    }
}
