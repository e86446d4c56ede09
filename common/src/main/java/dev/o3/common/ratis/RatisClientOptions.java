package dev.o3.common.ratis;

import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link ContainerRatisClient} talks to a pipeline.
 *
 * @param requestTimeout time one attempt of a request may take before Ratis retries it
 * @param maxAttempts attempts per request (leader changes and timeouts are retried) before the future fails
 * @param retryInterval pause between attempts
 * @param messageSizeMax largest gRPC message (at least a chunk plus its metadata)
 */
public record RatisClientOptions(Duration requestTimeout, int maxAttempts, Duration retryInterval, int messageSizeMax) {
    /** Defaults for a client writing chunks of up to 32 MB. */
    public static final RatisClientOptions DEFAULT =
            new RatisClientOptions(Duration.ofSeconds(30), 10, Duration.ofSeconds(1), 64 << 20);

    public RatisClientOptions {
        Objects.requireNonNull(requestTimeout, "requestTimeout is null");
        Objects.requireNonNull(retryInterval, "retryInterval is null");
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be positive: " + maxAttempts);
        }
        if (messageSizeMax < 1 << 20) {
            throw new IllegalArgumentException("messageSizeMax must be at least 1 MB: " + messageSizeMax);
        }
    }
}
