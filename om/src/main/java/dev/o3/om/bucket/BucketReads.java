package dev.o3.om.bucket;

import dev.o3.om.db.KeyOrder;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.db.RowKeys;
import dev.o3.om.key.KeyLayout;
import dev.o3.om.key.KeyLayouts;
import dev.o3.om.request.Caller;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.GetAclRequest;
import dev.o3.proto.om.GetAclResponse;
import dev.o3.proto.om.ListBucketsRequest;
import dev.o3.proto.om.ListBucketsResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.server.db.KeyValue;

/** Bucket reads: info, paged listing in name order, and the ACL of a bucket or key. Stateless. */
public final class BucketReads {
    private BucketReads() {}

    /** A bucket's info, for whoever may read the bucket. */
    public static BucketInfo info(ReadView view, Caller caller, String volume, String bucket) throws OmException {
        BucketInfo info = Lookups.bucket(view, volume, bucket);
        Lookups.checkRead(view, caller, info);
        return info;
    }

    /**
     * The canned ACL and owner of a bucket, or of one of its keys (owned by the bucket's owner); for the bucket's
     * owners, as in S3 only the owner may read an ACL.
     */
    public static GetAclResponse acl(ReadView view, Caller caller, GetAclRequest request) throws OmException {
        BucketInfo bucket = Lookups.bucket(view, request.getVolume(), request.getBucket());
        Lookups.checkOwner(view, caller, bucket, "read the ACL of bucket " + bucket.getName() + " or its keys");
        String acl = bucket.getAcl();
        if (!request.getKey().isEmpty()) {
            KeyLayout layout = KeyLayouts.of(bucket);
            layout.checkName(request.getKey());
            acl = layout.lookup(view, bucket, request.getKey())
                    .orElseThrow(() -> new OmException(OmStatus.KEY_NOT_FOUND, "key not found: " + request.getKey()))
                    .getAcl();
        }
        return GetAclResponse.newBuilder()
                .setOwner(bucket.getOwner())
                .setAcl(Lookups.acl(acl).value())
                .build();
    }

    public static ListBucketsResponse list(ReadView view, ListBucketsRequest request) throws OmException {
        Lookups.volume(view, request.getVolume());
        int max = request.getMaxResults() == 0 ? 1000 : Math.min(request.getMaxResults(), 1000);
        String prefix = RowKeys.bucketsOf(request.getVolume()) + request.getPrefix();
        String from = request.getStartAfter().isEmpty()
                ? prefix
                : KeyOrder.successor(RowKeys.bucket(request.getVolume(), request.getStartAfter()));
        if (KeyOrder.compare(from, prefix) < 0) {
            from = prefix;
        }
        ListBucketsResponse.Builder response = ListBucketsResponse.newBuilder();
        for (KeyValue<String, BucketInfo> row : view.scan(OmSchema.BUCKETS, prefix, from, max)) {
            response.addBuckets(row.value());
        }
        return response.build();
    }
}
