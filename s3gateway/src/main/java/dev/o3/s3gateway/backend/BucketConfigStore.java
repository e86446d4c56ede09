package dev.o3.s3gateway.backend;

import dev.o3.proto.om.BucketConfig;
import dev.o3.proto.om.BucketConfigPart;
import dev.o3.proto.om.BucketPolicy;
import dev.o3.proto.om.BucketTagSet;
import dev.o3.proto.om.CorsConfiguration;
import dev.o3.proto.om.LifecycleConfiguration;

/**
 * A bucket's S3 configuration (policy, CORS, tags, lifecycle) as OM stores it, acting as one requester: the
 * bucket's owner (or whom its policy allows, but for the policy itself). Thread-safe; calls may block. Every method
 * throws {@link BackendException}: {@code BUCKET_NOT_FOUND}, {@code PERMISSION_DENIED}, {@code INVALID_REQUEST}
 * (with what is wrong) for a configuration OM refuses.
 */
public interface BucketConfigStore {
    /** The bucket's configuration; a part never set is absent. {@code part} names the part the caller reads. */
    BucketConfig get(String bucket, BucketConfigPart part);

    void setPolicy(String bucket, BucketPolicy policy);

    void setCors(String bucket, CorsConfiguration cors);

    void setTags(String bucket, BucketTagSet tags);

    void setLifecycle(String bucket, LifecycleConfiguration lifecycle);

    /** Removes a part; nothing happens when it is not set. */
    void remove(String bucket, BucketConfigPart part);
}
