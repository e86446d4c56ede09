package dev.o3.client.api;

import dev.o3.client.om.OmClient;
import dev.o3.proto.om.BucketConfigPart;
import dev.o3.proto.om.BucketPolicy;
import dev.o3.proto.om.BucketTagSet;
import dev.o3.proto.om.CorsConfiguration;
import dev.o3.proto.om.GetBucketConfigRequest;
import dev.o3.proto.om.GetBucketConfigResponse;
import dev.o3.proto.om.LifecycleConfiguration;
import dev.o3.proto.om.SetBucketConfigRequest;
import dev.o3.proto.om.SetBucketConfigResponse;
import java.util.function.UnaryOperator;

/**
 * A bucket's S3 configuration (om.proto {@code BucketConfig}): policy, CORS rules, tags and lifecycle rules, as the
 * messages OM stores. Reading and changing them takes the bucket's owner or an administrator (or, but for the policy,
 * someone the bucket's policy allows). Thread-safe.
 */
public final class BucketConfigs {
    private final String volume;
    private final String bucket;
    private final OmClient om;

    BucketConfigs(String volume, String bucket, OmClient om) {
        this.volume = volume;
        this.bucket = bucket;
        this.om = om;
    }

    /**
     * The whole configuration and the bucket's owner; a part never set is absent.
     *
     * @param part the part the caller means to read, which a bucket policy may allow
     * @throws dev.o3.client.om.OmException BUCKET_NOT_FOUND, PERMISSION_DENIED
     */
    public GetBucketConfigResponse get(BucketConfigPart part) {
        return om.call(
                "GetBucketConfig",
                stub -> stub.getBucketConfig(GetBucketConfigRequest.newBuilder()
                        .setVolume(volume)
                        .setName(bucket)
                        .setPart(part)
                        .build()),
                GetBucketConfigResponse::getError);
    }

    /**
     * Replaces the policy.
     *
     * @throws dev.o3.client.om.OmException INVALID_REQUEST with what is wrong, PERMISSION_DENIED
     */
    public void setPolicy(BucketPolicy policy) {
        set(request -> request.setPolicy(policy));
    }

    /** Replaces the CORS rules; as {@link #setPolicy}. */
    public void setCors(CorsConfiguration cors) {
        set(request -> request.setCors(cors));
    }

    /** Replaces the tags; as {@link #setPolicy}. */
    public void setTags(BucketTagSet tags) {
        set(request -> request.setTags(tags));
    }

    /** Replaces the lifecycle rules; as {@link #setPolicy}. */
    public void setLifecycle(LifecycleConfiguration lifecycle) {
        set(request -> request.setLifecycle(lifecycle));
    }

    /** Removes a part (nothing happens when it is not set). */
    public void remove(BucketConfigPart part) {
        set(request -> request.setRemove(part));
    }

    private void set(UnaryOperator<SetBucketConfigRequest.Builder> change) {
        om.call(
                "SetBucketConfig",
                stub -> stub.setBucketConfig(change.apply(SetBucketConfigRequest.newBuilder()
                                .setVolume(volume)
                                .setName(bucket))
                        .build()),
                SetBucketConfigResponse::getError);
    }
}
