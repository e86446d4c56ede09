package dev.o3.faults;

import java.io.IOException;
import java.util.Optional;
import java.util.Set;

/** The operations of the workload on one bucket, through one client (S3 or native). */
interface KeyStore extends AutoCloseable {
    String name();

    void put(String key, byte[] data) throws IOException;

    void delete(String key) throws IOException;

    /** The SHA-256 of the key's content, or empty when the key does not exist. */
    Optional<String> get(String key) throws IOException;

    /** Every key of the bucket. */
    Set<String> list() throws IOException;

    /** Whether {@code failure} of a write proves that the write had no effect. */
    boolean definitelyFailed(Exception failure);

    @Override
    void close();
}
