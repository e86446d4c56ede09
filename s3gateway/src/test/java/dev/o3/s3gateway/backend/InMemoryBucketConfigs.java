package dev.o3.s3gateway.backend;

import dev.o3.proto.om.BucketConfig;
import dev.o3.proto.om.BucketConfigPart;
import dev.o3.proto.om.BucketPolicy;
import dev.o3.proto.om.BucketTagSet;
import dev.o3.proto.om.CorsConfiguration;
import dev.o3.proto.om.LifecycleConfiguration;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The bucket configuration of the in-memory backend: stores each part for the bucket's owner; unlike OM it neither
 * checks nor evaluates it. Reading and changing a bucket's configuration (with the owner check and the backend's
 * lock) are the backend's.
 */
final class InMemoryBucketConfigs implements BucketConfigStore {
    private final Function<String, BucketConfig> read;
    private final BiConsumer<String, UnaryOperator<BucketConfig>> update;

    InMemoryBucketConfigs(Function<String, BucketConfig> read, BiConsumer<String, UnaryOperator<BucketConfig>> update) {
        this.read = read;
        this.update = update;
    }

    @Override
    public BucketConfig get(String bucket, BucketConfigPart part) {
        return read.apply(bucket);
    }

    @Override
    public void setPolicy(String bucket, BucketPolicy policy) {
        change(bucket, config -> config.setPolicy(policy));
    }

    @Override
    public void setCors(String bucket, CorsConfiguration cors) {
        change(bucket, config -> config.setCors(cors));
    }

    @Override
    public void setTags(String bucket, BucketTagSet tags) {
        change(bucket, config -> config.setTags(tags));
    }

    @Override
    public void setLifecycle(String bucket, LifecycleConfiguration lifecycle) {
        change(bucket, config -> config.setLifecycle(lifecycle));
    }

    @Override
    public void remove(String bucket, BucketConfigPart part) {
        change(bucket, config -> {
            switch (part) {
                case BUCKET_CONFIG_POLICY -> config.clearPolicy();
                case BUCKET_CONFIG_CORS -> config.clearCors();
                case BUCKET_CONFIG_TAGS -> config.clearTags();
                case BUCKET_CONFIG_LIFECYCLE -> config.clearLifecycle();
                default -> throw new IllegalArgumentException("no part " + part);
            }
        });
    }

    private void change(String bucket, Consumer<BucketConfig.Builder> change) {
        update.accept(bucket, config -> {
            BucketConfig.Builder changed = config.toBuilder();
            change.accept(changed);
            return changed.build();
        });
    }
}
