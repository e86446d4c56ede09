package dev.o3.om.bucket;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.BucketConfig;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.SetBucketConfigRequest;
import dev.o3.proto.om.SetBucketConfigResponse;

/**
 * Sets or removes one part of a bucket's S3 configuration (policy, CORS, tags, lifecycle) after checking it
 * ({@link BucketConfigChecks}); bucket or volume owner, or administrator.
 */
public final class SetBucketConfigHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        SetBucketConfigRequest request = transaction.getSetBucketConfig();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getName());
        Lookups.checkOwner(
                mutation, Lookups.caller(transaction), bucket, "change the configuration of " + request.getName());
        BucketConfig.Builder config = bucket.getConfig().toBuilder();
        switch (request.getChangeCase()) {
            case POLICY -> config.setPolicy(BucketConfigChecks.policy(request.getPolicy()));
            case CORS -> config.setCors(BucketConfigChecks.cors(request.getCors()));
            case TAGS -> config.setTags(BucketConfigChecks.tags(request.getTags()));
            case LIFECYCLE -> config.setLifecycle(BucketConfigChecks.lifecycle(request.getLifecycle()));
            case REMOVE -> remove(config, request);
            default -> throw new OmException(OmStatus.INVALID_REQUEST, "no change of the bucket configuration given");
        }
        mutation.put(
                OmSchema.BUCKETS,
                RowKeys.bucket(request.getVolume(), request.getName()),
                bucket.toBuilder()
                        .setConfig(config)
                        .setModificationTimeMillis(transaction.getTimeMillis())
                        .build());
        return SetBucketConfigResponse.getDefaultInstance();
    }

    private static void remove(BucketConfig.Builder config, SetBucketConfigRequest request) throws OmException {
        switch (request.getRemove()) {
            case BUCKET_CONFIG_POLICY -> config.clearPolicy();
            case BUCKET_CONFIG_CORS -> config.clearCors();
            case BUCKET_CONFIG_TAGS -> config.clearTags();
            case BUCKET_CONFIG_LIFECYCLE -> config.clearLifecycle();
            default -> throw new OmException(
                    OmStatus.INVALID_REQUEST, "unknown configuration part " + request.getRemove());
        }
    }
}
