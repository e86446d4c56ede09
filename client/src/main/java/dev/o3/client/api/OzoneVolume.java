package dev.o3.client.api;

import dev.o3.client.config.ClientConfig;
import dev.o3.client.io.DatanodeClients;
import dev.o3.client.om.OmClient;
import dev.o3.common.acl.Acl;
import dev.o3.common.acl.CannedAcl;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.hdds.ReplicationType;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.CreateBucketRequest;
import dev.o3.proto.om.CreateBucketResponse;
import dev.o3.proto.om.DeleteBucketRequest;
import dev.o3.proto.om.DeleteBucketResponse;
import dev.o3.proto.om.InfoBucketRequest;
import dev.o3.proto.om.InfoBucketResponse;
import dev.o3.proto.om.ListBucketsRequest;
import dev.o3.proto.om.ListBucketsResponse;
import dev.o3.proto.om.SetVolumePropertyRequest;
import dev.o3.proto.om.SetVolumePropertyResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/** One volume: its buckets. Thread-safe; its info is a snapshot taken when it was fetched. */
public final class OzoneVolume {
    private static final int PAGE = 1000;

    private final VolumeInfo info;
    private final OmClient om;
    private final DatanodeClients datanodes;
    private final ClientConfig config;

    OzoneVolume(VolumeInfo info, OmClient om, DatanodeClients datanodes, ClientConfig config) {
        this.info = info;
        this.om = om;
        this.datanodes = datanodes;
        this.config = config;
    }

    public VolumeInfo info() {
        return info;
    }

    public String name() {
        return info.name();
    }

    /**
     * Sets the volume's quotas: a present value replaces the quota (-1 clears it), an absent one keeps it.
     *
     * @throws dev.o3.client.om.OmException PERMISSION_DENIED unless the caller owns the volume or is an administrator;
     *     INVALID_REQUEST for 0 or below -1
     */
    public void setQuota(OptionalLong bytes, OptionalLong namespace) {
        update(Optional.empty(), bytes, namespace);
    }

    /**
     * Changes the owner (administrators only) and the quotas (as {@link #setQuota}) in one transaction; absent values
     * are kept.
     *
     * @throws dev.o3.client.om.OmException PERMISSION_DENIED when the caller may not make the change; INVALID_REQUEST
     *     for a quota of 0 or below -1
     */
    public void update(Optional<String> owner, OptionalLong bytes, OptionalLong namespace) {
        SetVolumePropertyRequest.Builder request =
                SetVolumePropertyRequest.newBuilder().setName(info.name());
        owner.ifPresent(request::setOwner);
        bytes.ifPresent(request::setQuotaInBytes);
        namespace.ifPresent(request::setQuotaInNamespace);
        om.call(
                "SetVolumeProperty",
                stub -> stub.setVolumeProperty(request.build()),
                SetVolumePropertyResponse::getError);
    }

    /**
     * Creates a bucket.
     *
     * @param layout "OBJECT_STORE" or "FILE_SYSTEM_OPTIMIZED" (case-insensitive)
     * @param replicationFactor 1 or 3
     * @throws dev.o3.client.om.OmException BUCKET_ALREADY_EXISTS, INVALID_BUCKET_NAME, VOLUME_NOT_FOUND
     * @throws IllegalArgumentException for an unknown layout
     */
    public void createBucket(String name, String layout, int replicationFactor) {
        createBucket(name, layout, replicationFactor, CannedAcl.PRIVATE);
    }

    /**
     * Creates a bucket owned by the caller with a canned ACL.
     *
     * @param layout "OBJECT_STORE" or "FILE_SYSTEM_OPTIMIZED" (case-insensitive)
     * @param replicationFactor 1 or 3
     * @throws dev.o3.client.om.OmException BUCKET_ALREADY_EXISTS, INVALID_BUCKET_NAME, VOLUME_NOT_FOUND
     * @throws IllegalArgumentException for an unknown layout
     */
    public void createBucket(String name, String layout, int replicationFactor, CannedAcl acl) {
        createBucket(name, layout, replicationFactor, Acl.of(acl));
    }

    /**
     * Creates a bucket owned by the caller with a canned ACL or grants.
     *
     * @throws dev.o3.client.om.OmException as {@link #createBucket(String, String, int, CannedAcl)}, and
     *     UNKNOWN_GRANTEE for a grant to a user without an S3 secret
     * @throws IllegalArgumentException for an unknown layout
     */
    public void createBucket(String name, String layout, int replicationFactor, Acl acl) {
        BucketLayout bucketLayout = BucketLayout.valueOf(layout.toUpperCase(Locale.ROOT));
        dev.o3.proto.om.BucketInfo bucket = dev.o3.proto.om.BucketInfo.newBuilder()
                .setVolume(info.name())
                .setName(name)
                .setLayout(bucketLayout)
                .setReplication(ReplicationConfig.newBuilder()
                        .setType(ReplicationType.RATIS)
                        .setFactor(OmTranslator.factor(replicationFactor)))
                .setQuotaInBytes(-1)
                .setQuotaInNamespace(-1)
                .setAcl(acl.hasGrants() ? "" : acl.canned().value())
                .addAllGrants(acl.grants())
                .build();
        om.call(
                "CreateBucket",
                stub -> stub.createBucket(
                        CreateBucketRequest.newBuilder().setBucket(bucket).build()),
                CreateBucketResponse::getError);
    }

    /**
     * A bucket and its keys.
     *
     * @throws dev.o3.client.om.OmException BUCKET_NOT_FOUND
     */
    public OzoneBucket getBucket(String name) {
        InfoBucketResponse response = om.call(
                "InfoBucket",
                stub -> stub.infoBucket(InfoBucketRequest.newBuilder()
                        .setVolume(info.name())
                        .setName(name)
                        .build()),
                InfoBucketResponse::getError);
        return new OzoneBucket(OmTranslator.bucket(response.getBucket()), om, datanodes, config);
    }

    /** Every bucket whose name starts with {@code prefix}, in name order. */
    public List<BucketInfo> listBuckets(String prefix) {
        List<BucketInfo> buckets = new ArrayList<>();
        String startAfter = "";
        while (true) {
            String after = startAfter;
            ListBucketsResponse page = om.call(
                    "ListBuckets",
                    stub -> stub.listBuckets(ListBucketsRequest.newBuilder()
                            .setVolume(info.name())
                            .setPrefix(prefix)
                            .setStartAfter(after)
                            .setMaxResults(PAGE)
                            .build()),
                    ListBucketsResponse::getError);
            page.getBucketsList().forEach(bucket -> buckets.add(OmTranslator.bucket(bucket)));
            if (page.getBucketsCount() < PAGE) {
                return buckets;
            }
            startAfter = page.getBuckets(page.getBucketsCount() - 1).getName();
        }
    }

    /**
     * Deletes an empty bucket.
     *
     * @throws dev.o3.client.om.OmException BUCKET_NOT_FOUND, BUCKET_NOT_EMPTY
     */
    public void deleteBucket(String name) {
        om.call(
                "DeleteBucket",
                stub -> stub.deleteBucket(DeleteBucketRequest.newBuilder()
                        .setVolume(info.name())
                        .setName(name)
                        .build()),
                DeleteBucketResponse::getError);
    }
}
