package dev.o3.s3gateway.backend;

import dev.o3.common.acl.Acl;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

/**
 * Objects of S3 buckets, acting as one requester. Thread-safe; calls may block. Every method may throw
 * {@link BackendException} with {@code BUCKET_NOT_FOUND}, {@code KEY_NOT_FOUND}, {@code PERMISSION_DENIED} or an
 * internal status. Reading an object takes read access to the bucket or an object ACL that grants it (then a missing
 * object is {@code PERMISSION_DENIED}, not {@code KEY_NOT_FOUND}); writing takes write access to the bucket.
 */
public interface ObjectStore {
    /**
     * Opens a new version of {@code key} with its canned ACL or grants; it replaces the old one when committed, if the
     * conditions hold both now and at the commit.
     *
     * @param expectedLength the data length when known, else -1
     * @throws BackendException {@code PRECONDITION_FAILED}, {@code KEY_NOT_FOUND} (If-Match on a missing key); the
     *     commit throws {@code CONDITIONAL_REQUEST_CONFLICT} when a concurrent write broke them meanwhile
     */
    DataWriter create(
            String bucket,
            String key,
            ObjectAttributes attributes,
            Acl acl,
            long expectedLength,
            WriteConditions conditions);

    /** The committed object's info. */
    ObjectInfo info(String bucket, String key);

    /**
     * The committed object opened for reading, info and data of one version. This default looks the object up once
     * for {@link #info} and again for {@link #read}; a backend that can do it in one lookup overrides it.
     */
    default ObjectReader open(String bucket, String key) {
        ObjectInfo info = info(bucket, key);
        return new ObjectReader() {
            @Override
            public ObjectInfo info() {
                return info;
            }

            @Override
            public InputStream read(long offset, long length) {
                return ObjectStore.this.read(bucket, key, offset, length);
            }

            @Override
            public void close() {}
        };
    }

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

    /** The object's owner (the bucket's) and grants (the bucket's owners and whom it gives READ_ACP). */
    AclInfo acl(String bucket, String key);

    /** Replaces the object's ACL (the bucket's owners and whom it gives WRITE_ACP). */
    void setAcl(String bucket, String key, Acl acl);
}
