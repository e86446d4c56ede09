package dev.o3.common.ratis;

import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link ContainerRatisClient} talks to a pipeline.
 *
 * @param requestTimeout time one attempt of a request may take before Ratis retries it
 * @param retryInterval pause between attempts
 * @param retryTimeout time from a request's first attempt after which it is no longer retried: long enough for the
 *     pipeline to elect a new leader when one member fails, short enough to give up on a pipeline that lost two
 * @param messageSizeMax largest gRPC message (at least a chunk plus its metadata)
 */
public record RatisClientOptions(
        Duration requestTimeout, Duration retryInterval, Duration retryTimeout, int messageSizeMax) {
    /**
     * Defaults for a client writing chunks of up to 32 MB: a leader election takes one to two election timeouts (5s
     * by default) after the leader's loss, and the client keeps retrying well past that.
     */
    public static final RatisClientOptions DEFAULT =
            new RatisClientOptions(Duration.ofSeconds(30), Duration.ofSeconds(1), Duration.ofSeconds(60), 64 << 20);

    public RatisClientOptions {
        Objects.requireNonNull(requestTimeout, "requestTimeout is null");
        Objects.requireNonNull(retryInterval, "retryInterval is null");
        Objects.requireNonNull(retryTimeout, "retryTimeout is null");
        if (retryTimeout.compareTo(retryInterval) < 0) {
            throw new IllegalArgumentException(
                    "retryTimeout (" + retryTimeout + ") must be at least retryInterval (" + retryInterval + ")");
        }
        if (messageSizeMax < 1 << 20) {
            throw new IllegalArgumentException("messageSizeMax must be at least 1 MB: " + messageSizeMax);
        }
    }
}
