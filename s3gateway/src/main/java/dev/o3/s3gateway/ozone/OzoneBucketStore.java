package dev.o3.s3gateway.ozone;

import dev.o3.client.api.ObjectStore;
import dev.o3.common.acl.Acl;
import dev.o3.s3gateway.acl.GrantProtos;
import dev.o3.s3gateway.backend.AclInfo;
import dev.o3.s3gateway.backend.BucketInfo;
import dev.o3.s3gateway.backend.BucketStore;
import dev.o3.s3gateway.backend.Requester;
import java.util.List;

/** S3 buckets as buckets of the S3 volume, owned by the user who created them; OM checks every access. */
final class OzoneBucketStore implements BucketStore {
    private final ObjectStore store;
    private final String volume;
    private final Requester requester;

    OzoneBucketStore(ObjectStore store, String volume, Requester requester) {
        this.store = store;
        this.volume = volume;
        this.requester = requester;
    }

    @Override
    public void create(String bucket, Acl acl) {
        OmErrors.run(() -> store.getVolume(volume).createBucket(bucket, "OBJECT_STORE", 3, acl));
    }

    @Override
    public BucketInfo info(String bucket) {
        return toS3(OmErrors.call(() -> store.bucket(volume, bucket).info()));
    }

    @Override
    public void delete(String bucket) {
        OmErrors.run(() -> store.getVolume(volume).deleteBucket(bucket));
    }

    @Override
    public List<BucketInfo> list() {
        return OmErrors.call(() -> store.getVolume(volume).listBuckets("")).stream()
                .filter(bucket ->
                        requester.user().filter(bucket.owner()::equals).isPresent())
                .map(OzoneBucketStore::toS3)
                .toList();
    }

    @Override
    public AclInfo acl(String bucket) {
        dev.o3.client.api.AclInfo acl =
                OmErrors.call(() -> store.bucket(volume, bucket).acl());
        return new AclInfo(acl.owner(), GrantProtos.fromProto(acl.grants()));
    }

    @Override
    public void setAcl(String bucket, Acl acl) {
        OmErrors.run(() -> store.bucket(volume, bucket).acls().setBucket(acl));
    }

    private static BucketInfo toS3(dev.o3.client.api.BucketInfo info) {
        return new BucketInfo(info.name(), info.owner(), info.creationTime());
    }
}
