package dev.o3.s3gateway.ozone;

import dev.o3.client.api.ObjectStore;
import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;
import dev.o3.s3gateway.backend.BucketInfo;
import dev.o3.s3gateway.backend.BucketStore;
import java.util.List;

/** S3 buckets as buckets of the S3 volume, owned by the user who created them. */
final class OzoneBucketStore implements BucketStore {
    private final ObjectStore store;
    private final String volume;
    private final String user;

    OzoneBucketStore(ObjectStore store, String volume, String user) {
        this.store = store;
        this.volume = volume;
        this.user = user;
    }

    @Override
    public void create(String bucket) {
        OmErrors.run(() -> store.getVolume(volume).createBucket(bucket, "OBJECT_STORE", 3));
    }

    @Override
    public BucketInfo info(String bucket) {
        dev.o3.client.api.BucketInfo info =
                OmErrors.call(() -> store.getBucket(volume, bucket).info());
        if (!info.owner().equals(user)) {
            throw new BackendException(
                    BackendStatus.PERMISSION_DENIED, "bucket " + bucket + " belongs to another user");
        }
        return toS3(info);
    }

    @Override
    public void delete(String bucket) {
        info(bucket);
        OmErrors.run(() -> store.getVolume(volume).deleteBucket(bucket));
    }

    @Override
    public List<BucketInfo> list() {
        return OmErrors.call(() -> store.getVolume(volume).listBuckets("")).stream()
                .filter(bucket -> bucket.owner().equals(user))
                .map(OzoneBucketStore::toS3)
                .toList();
    }

    private static BucketInfo toS3(dev.o3.client.api.BucketInfo info) {
        return new BucketInfo(info.name(), info.owner(), info.creationTime());
    }
}
