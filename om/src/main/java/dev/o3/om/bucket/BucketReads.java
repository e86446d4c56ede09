package dev.o3.om.bucket;

import dev.o3.om.db.KeyOrder;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.db.RowKeys;
import dev.o3.om.key.KeyLayout;
import dev.o3.om.key.KeyLayouts;
import dev.o3.om.request.Caller;
import dev.o3.om.request.Grants;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.AclGrant;
import dev.o3.proto.om.AclPermission;
import dev.o3.proto.om.BucketConfigPart;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.GetAclRequest;
import dev.o3.proto.om.GetAclResponse;
import dev.o3.proto.om.GetBucketConfigRequest;
import dev.o3.proto.om.GetBucketConfigResponse;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.ListBucketsRequest;
import dev.o3.proto.om.ListBucketsResponse;
import dev.o3.proto.om.OmStatus;
import dev.o3.server.db.KeyValue;
import java.util.List;
import java.util.Optional;

/** Bucket reads: info, paged listing in name order, and the ACL of a bucket or key. Stateless. */
public final class BucketReads {
    private BucketReads() {}

    /**
     * A bucket's info, for whoever may read the bucket (S3's HeadBucket takes {@code s3:ListBucket}); its {@link
     * BucketInfo#getConfig() config} only for its owners.
     */
    public static BucketInfo info(ReadView view, Caller who, String volume, String bucket) throws OmException {
        Caller caller = who.doing("s3:ListBucket", "");
        BucketInfo info = Lookups.bucket(view, volume, bucket);
        Lookups.checkRead(view, caller, info);
        if (info.hasConfig() && !Lookups.owns(view, caller, info)) {
            return info.toBuilder().clearConfig().build();
        }
        return info;
    }

    /**
     * A bucket's config and owner, for its owners and administrators (and whom its policy allows reading the part
     * the request names, e.g. {@code s3:GetBucketTagging}; never the policy itself).
     */
    public static GetBucketConfigResponse config(ReadView view, Caller who, GetBucketConfigRequest request)
            throws OmException {
        Caller caller = who.doing(readAction(request.getPart()), "");
        BucketInfo bucket = Lookups.bucket(view, request.getVolume(), request.getName());
        Lookups.checkOwner(view, caller, bucket, "read the configuration of bucket " + bucket.getName());
        return GetBucketConfigResponse.newBuilder()
                .setOwner(bucket.getOwner())
                .setConfig(bucket.getConfig())
                .build();
    }

    /**
     * The ACL and owner of a bucket, or of one of its keys (owned by the bucket's owner); for the bucket's owners and
     * whom the ACL gives READ_ACP. The canned ACL is empty when grants were set instead.
     */
    public static GetAclResponse acl(ReadView view, Caller who, GetAclRequest request) throws OmException {
        Caller caller = who.doing(request.getKey().isEmpty() ? "s3:GetBucketAcl" : "s3:GetObjectAcl", request.getKey());
        BucketInfo bucket = Lookups.bucket(view, request.getVolume(), request.getBucket());
        String acl = bucket.getAcl();
        List<AclGrant> grants = bucket.getGrantsList();
        if (!request.getKey().isEmpty()) {
            KeyLayout layout = KeyLayouts.of(bucket);
            layout.checkName(request.getKey());
            Optional<KeyInfo> key = layout.lookup(view, bucket, request.getKey());
            if (key.isEmpty()) {
                Lookups.checkAcp(view, caller, bucket, List.of(), AclPermission.ACL_READ_ACP);
                throw new OmException(OmStatus.KEY_NOT_FOUND, "key not found: " + request.getKey());
            }
            acl = key.get().getAcl();
            grants = key.get().getGrantsList();
        }
        List<AclGrant> effective = Grants.effective(acl, grants);
        Lookups.checkAcp(view, caller, bucket, effective, AclPermission.ACL_READ_ACP);
        return GetAclResponse.newBuilder()
                .setOwner(bucket.getOwner())
                .setAcl(grants.isEmpty() ? Lookups.acl(acl).value() : "")
                .addAllGrants(Grants.shown(bucket.getOwner(), effective))
                .build();
    }

    private static String readAction(BucketConfigPart part) {
        return switch (part) {
            case BUCKET_CONFIG_CORS -> "s3:GetBucketCORS";
            case BUCKET_CONFIG_TAGS -> "s3:GetBucketTagging";
            case BUCKET_CONFIG_LIFECYCLE -> "s3:GetLifecycleConfiguration";
            default -> "s3:GetBucketPolicy";
        };
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
