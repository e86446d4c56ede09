package dev.o3.om.bucket;

import dev.o3.common.db.KeyValue;
import dev.o3.om.db.KeyOrder;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.ListBucketsRequest;
import dev.o3.proto.om.ListBucketsResponse;

/** Bucket reads: info and paged listing in name order. Stateless. */
public final class BucketReads {
    private BucketReads() {}

    public static BucketInfo info(ReadView view, String volume, String bucket) throws OmException {
        return Lookups.bucket(view, volume, bucket);
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
