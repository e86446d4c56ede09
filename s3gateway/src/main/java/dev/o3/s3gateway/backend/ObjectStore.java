package dev.o3.s3gateway.backend;

import java.io.InputStream;
import java.util.List;
import java.util.Map;

/**
 * Objects of S3 buckets, acting as one user. Thread-safe; calls may block. Every method may throw
 * {@link BackendException} with {@code BUCKET_NOT_FOUND}, {@code KEY_NOT_FOUND}, {@code PERMISSION_DENIED} or an
 * internal status.
 */
public interface ObjectStore {
    /**
     * Opens a new version of {@code key}; it replaces the old one when committed.
     *
     * @param expectedLength the data length when known, else -1
     */
    DataWriter create(String bucket, String key, ObjectAttributes attributes, long expectedLength);

    /** The committed object's info. */
    ObjectInfo info(String bucket, String key);

    /**
     * Streams {@code length} bytes of the object from {@code offset}; the caller closes the stream. The range lies
     * within the object (the gateway checks it against {@link #info}).
     */
    InputStream read(String bucket, String key, long offset, long length);

    /** Deletes the object; {@code KEY_NOT_FOUND} when it does not exist. */
    void delete(String bucket, String key);

    /**
     * Up to {@code limit} objects whose key starts with {@code prefix} and sorts after {@code startAfter} (exclusive;
     * empty = from the start), in key order.
     */
    List<ObjectInfo> list(String bucket, String prefix, String startAfter, int limit);

    /** Replaces the object's tags. */
    void setTags(String bucket, String key, Map<String, String> tags);
}
