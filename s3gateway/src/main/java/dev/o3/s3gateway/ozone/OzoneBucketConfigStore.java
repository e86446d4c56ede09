package dev.o3.s3gateway.ozone;

import dev.o3.client.api.BucketConfigs;
import dev.o3.client.api.ObjectStore;
import dev.o3.proto.om.BucketConfig;
import dev.o3.proto.om.BucketConfigPart;
import dev.o3.proto.om.BucketPolicy;
import dev.o3.proto.om.BucketTagSet;
import dev.o3.proto.om.CorsConfiguration;
import dev.o3.proto.om.LifecycleConfiguration;
import dev.o3.s3gateway.backend.BucketConfigStore;

/** Bucket configuration through OM's SetBucketConfig / GetBucketConfig; OM checks who may. */
final class OzoneBucketConfigStore implements BucketConfigStore {
    private final ObjectStore store;
    private final String volume;

    OzoneBucketConfigStore(ObjectStore store, String volume) {
        this.store = store;
        this.volume = volume;
    }

    private BucketConfigs of(String bucket) {
        return store.bucket(volume, bucket).configs();
    }

    @Override
    public BucketConfig get(String bucket, BucketConfigPart part) {
        return OmErrors.call(() -> of(bucket).get(part).getConfig());
    }

    @Override
    public void setPolicy(String bucket, BucketPolicy policy) {
        OmErrors.run(() -> of(bucket).setPolicy(policy));
    }

    @Override
    public void setCors(String bucket, CorsConfiguration cors) {
        OmErrors.run(() -> of(bucket).setCors(cors));
    }

    @Override
    public void setTags(String bucket, BucketTagSet tags) {
        OmErrors.run(() -> of(bucket).setTags(tags));
    }

    @Override
    public void setLifecycle(String bucket, LifecycleConfiguration lifecycle) {
        OmErrors.run(() -> of(bucket).setLifecycle(lifecycle));
    }

    @Override
    public void remove(String bucket, BucketConfigPart part) {
        OmErrors.run(() -> of(bucket).remove(part));
    }
}
