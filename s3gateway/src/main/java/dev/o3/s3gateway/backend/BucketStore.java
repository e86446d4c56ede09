package dev.o3.s3gateway.backend;

import java.util.List;

/**
 * Buckets of volume {@code s3v}, acting as one user. Thread-safe; calls may block. Every method throws
 * {@link BackendException}: {@code BUCKET_NOT_FOUND}, {@code PERMISSION_DENIED} (not the owner) or an internal status.
 */
public interface BucketStore {
    /**
     * Creates a bucket owned by this user (layout OBJECT_STORE).
     *
     * @throws BackendException {@code BUCKET_ALREADY_EXISTS} when the name is taken (by anyone)
     */
    void create(String bucket);

    /** The bucket's info; {@code BUCKET_NOT_FOUND} or {@code PERMISSION_DENIED} when it is not this user's. */
    BucketInfo info(String bucket);

    /**
     * Deletes an empty bucket.
     *
     * @throws BackendException {@code BUCKET_NOT_EMPTY} when it holds keys or multipart uploads
     */
    void delete(String bucket);

    /** The buckets this user owns, sorted by name. */
    List<BucketInfo> list();
}
