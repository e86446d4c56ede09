package dev.o3.s3gateway.backend;

import dev.o3.common.acl.Acl;
import java.util.List;

/**
 * Buckets of volume {@code s3v}, acting as one requester. Thread-safe; calls may block. Every method throws
 * {@link BackendException}: {@code BUCKET_NOT_FOUND}, {@code PERMISSION_DENIED} (neither owner nor admitted by the
 * bucket's ACL; anonymous requesters for anything but reading a public bucket) or an internal status.
 */
public interface BucketStore {
    /**
     * Creates a bucket owned by this user (layout OBJECT_STORE) with a canned ACL or grants.
     *
     * @throws BackendException {@code BUCKET_ALREADY_EXISTS} when the name is taken (by anyone)
     */
    void create(String bucket, Acl acl);

    /** The bucket's info, for whoever may read the bucket. */
    BucketInfo info(String bucket);

    /**
     * Deletes an empty bucket (owner only).
     *
     * @throws BackendException {@code BUCKET_NOT_EMPTY} when it holds keys or multipart uploads
     */
    void delete(String bucket);

    /** The buckets this user owns, sorted by name. */
    List<BucketInfo> list();

    /** The bucket's owner and grants (its owners and whom it gives READ_ACP). */
    AclInfo acl(String bucket);

    /** Replaces the bucket's ACL (its owners and whom it gives WRITE_ACP). */
    void setAcl(String bucket, Acl acl);
}
