package dev.o3.om.multipart;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.key.KeyLayouts;
import dev.o3.om.request.Grants;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.hdds.ReplicationConfig;
import dev.o3.proto.hdds.ReplicationType;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.InitiateMultipartUploadRequest;
import dev.o3.proto.om.InitiateMultipartUploadResponse;
import dev.o3.proto.om.MultipartUploadRecord;
import dev.o3.proto.om.OmTransaction;

/** Starts a multipart upload under the upload id the leader generated, keeping the ACL of the key it will make. */
public final class InitiateMultipartUploadHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        InitiateMultipartUploadRequest request = transaction.getInitiateMultipartUpload();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        Lookups.checkWrite(mutation, Lookups.caller(transaction), bucket);
        KeyLayouts.of(bucket).checkName(request.getName());
        String acl =
                request.getAcl().isEmpty() ? "" : Lookups.acl(request.getAcl()).value();
        Grants.check(mutation, bucket.getOwner(), request.getGrantsList());
        // Parts and the completed key are written with the bucket's replication unless the request names one.
        ReplicationConfig replication =
                request.getReplication().getType() == ReplicationType.REPLICATION_TYPE_UNSPECIFIED
                        ? bucket.getReplication()
                        : request.getReplication();
        mutation.put(
                OmSchema.MULTIPART_UPLOADS,
                Uploads.row(request.getVolume(), request.getBucket(), request.getName(), transaction.getUploadId()),
                MultipartUploadRecord.newBuilder()
                        .setVolume(request.getVolume())
                        .setBucket(request.getBucket())
                        .setName(request.getName())
                        .setUploadId(transaction.getUploadId())
                        .setCreationTimeMillis(transaction.getTimeMillis())
                        .setReplication(replication)
                        .addAllMetadata(request.getMetadataList())
                        .setContentType(request.getContentType())
                        .setAcl(acl)
                        .addAllGrants(request.getGrantsList())
                        .build());
        return InitiateMultipartUploadResponse.newBuilder()
                .setUploadId(transaction.getUploadId())
                .build();
    }
}
