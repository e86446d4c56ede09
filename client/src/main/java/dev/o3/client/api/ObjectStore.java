package dev.o3.client.api;

import dev.o3.client.config.ClientConfig;
import dev.o3.client.io.DatanodeClients;
import dev.o3.client.om.OmClient;
import dev.o3.proto.om.CreateVolumeRequest;
import dev.o3.proto.om.CreateVolumeResponse;
import dev.o3.proto.om.DeleteVolumeRequest;
import dev.o3.proto.om.DeleteVolumeResponse;
import dev.o3.proto.om.GetS3SecretRequest;
import dev.o3.proto.om.GetS3SecretResponse;
import dev.o3.proto.om.InfoBucketRequest;
import dev.o3.proto.om.InfoBucketResponse;
import dev.o3.proto.om.InfoVolumeRequest;
import dev.o3.proto.om.InfoVolumeResponse;
import dev.o3.proto.om.ListVolumesRequest;
import dev.o3.proto.om.ListVolumesResponse;
import dev.o3.proto.om.RevokeS3SecretRequest;
import dev.o3.proto.om.RevokeS3SecretResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Volumes and S3 secrets of one cluster. Thread-safe. */
public final class ObjectStore {
    private static final int PAGE = 1000;

    private final OmClient om;
    private final DatanodeClients datanodes;
    private final ClientConfig config;

    ObjectStore(OmClient om, DatanodeClients datanodes, ClientConfig config) {
        this.om = om;
        this.datanodes = datanodes;
        this.config = config;
    }

    /**
     * This view acting for a client at {@code address}: a gateway passes on its client's address, which bucket
     * policies test as {@code aws:SourceIp}.
     */
    public ObjectStore forClientAt(String address) {
        return new ObjectStore(om.forClientAt(address), datanodes, config);
    }

    /**
     * Creates a volume owned by {@code owner} (empty: the calling user).
     *
     * @throws dev.o3.client.om.OmException VOLUME_ALREADY_EXISTS, INVALID_REQUEST, PERMISSION_DENIED
     */
    public void createVolume(String name, Optional<String> owner) {
        dev.o3.proto.om.VolumeInfo.Builder volume = dev.o3.proto.om.VolumeInfo.newBuilder()
                .setName(name)
                .setQuotaInBytes(-1)
                .setQuotaInNamespace(-1);
        owner.ifPresent(volume::setOwner);
        om.call(
                "CreateVolume",
                stub -> stub.createVolume(
                        CreateVolumeRequest.newBuilder().setVolume(volume).build()),
                CreateVolumeResponse::getError);
    }

    /**
     * A volume and its buckets.
     *
     * @throws dev.o3.client.om.OmException VOLUME_NOT_FOUND
     */
    public OzoneVolume getVolume(String name) {
        InfoVolumeResponse response = om.call(
                "InfoVolume",
                stub -> stub.infoVolume(
                        InfoVolumeRequest.newBuilder().setName(name).build()),
                InfoVolumeResponse::getError);
        return new OzoneVolume(OmTranslator.volume(response.getVolume()), om, datanodes, config);
    }

    /**
     * A bucket, fetched with one call (no volume lookup).
     *
     * @throws dev.o3.client.om.OmException BUCKET_NOT_FOUND
     */
    public OzoneBucket getBucket(String volume, String bucket) {
        InfoBucketResponse response = om.call(
                "InfoBucket",
                stub -> stub.infoBucket(InfoBucketRequest.newBuilder()
                        .setVolume(volume)
                        .setName(bucket)
                        .build()),
                InfoBucketResponse::getError);
        return new OzoneBucket(OmTranslator.bucket(response.getBucket()), om, datanodes, config);
    }

    /**
     * A bucket addressed by name, without a call: its operations fail with BUCKET_NOT_FOUND when it does not exist,
     * and work for callers who may use only some of its keys (a key with a public ACL in a private bucket).
     */
    public OzoneBucket bucket(String volume, String bucket) {
        return new OzoneBucket(volume, bucket, om, datanodes, config);
    }

    /** Every volume whose name starts with {@code prefix}, in name order. */
    public List<VolumeInfo> listVolumes(String prefix) {
        List<VolumeInfo> volumes = new ArrayList<>();
        String startAfter = "";
        while (true) {
            String after = startAfter;
            ListVolumesResponse page = om.call(
                    "ListVolumes",
                    stub -> stub.listVolumes(ListVolumesRequest.newBuilder()
                            .setPrefix(prefix)
                            .setStartAfter(after)
                            .setMaxResults(PAGE)
                            .build()),
                    ListVolumesResponse::getError);
            page.getVolumesList().forEach(volume -> volumes.add(OmTranslator.volume(volume)));
            if (page.getVolumesCount() < PAGE) {
                return volumes;
            }
            startAfter = page.getVolumes(page.getVolumesCount() - 1).getName();
        }
    }

    /**
     * Deletes an empty volume.
     *
     * @throws dev.o3.client.om.OmException VOLUME_NOT_FOUND, VOLUME_NOT_EMPTY
     */
    public void deleteVolume(String name) {
        om.call(
                "DeleteVolume",
                stub -> stub.deleteVolume(
                        DeleteVolumeRequest.newBuilder().setName(name).build()),
                DeleteVolumeResponse::getError);
    }

    /** The S3 credentials of {@code user}, created on first request. */
    public S3Secret getS3Secret(String user) {
        return s3Secret(user, true);
    }

    /**
     * The S3 credentials of {@code user} if they exist (the gateway checking a signature).
     *
     * @throws dev.o3.client.om.OmException S3_SECRET_NOT_FOUND
     */
    public S3Secret existingS3Secret(String user) {
        return s3Secret(user, false);
    }

    private S3Secret s3Secret(String user, boolean create) {
        GetS3SecretResponse response = om.call(
                "GetS3Secret",
                stub -> stub.getS3Secret(GetS3SecretRequest.newBuilder()
                        .setUser(user)
                        .setCreateIfAbsent(create)
                        .build()),
                GetS3SecretResponse::getError);
        return new S3Secret(response.getAccessKey(), response.getSecret());
    }

    /**
     * Removes a user's S3 credentials.
     *
     * @throws dev.o3.client.om.OmException S3_SECRET_NOT_FOUND
     */
    public void revokeS3Secret(String user) {
        om.call(
                "RevokeS3Secret",
                stub -> stub.revokeS3Secret(
                        RevokeS3SecretRequest.newBuilder().setUser(user).build()),
                RevokeS3SecretResponse::getError);
    }

    void close() {
        datanodes.close();
    }
}
