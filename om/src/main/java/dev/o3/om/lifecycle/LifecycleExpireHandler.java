package dev.o3.om.lifecycle;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.key.DeleteKeyHandler;
import dev.o3.om.key.KeyLayouts;
import dev.o3.om.key.KeyVersions;
import dev.o3.om.multipart.AbortMultipartUploadHandler;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.BucketInfo;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.LifecycleExpireRequest;
import dev.o3.proto.om.LifecycleExpireResponse;
import dev.o3.proto.om.LifecycleKey;
import dev.o3.proto.om.LifecycleVersion;
import dev.o3.proto.om.MultipartUploadInfo;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction;
import java.util.Optional;

/**
 * Applies what the leader's lifecycle service decided for one bucket: deletes each key that is still the version the
 * leader saw (a key written since keeps its new data), aborts each upload that still exists, removes each noncurrent
 * version that is still noncurrent and then each delete marker that is still its key's only version. Only the OM
 * itself (an administrator) logs these.
 */
public final class LifecycleExpireHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        if (!transaction.getAdmin()) {
            throw new OmException(OmStatus.PERMISSION_DENIED, "only OM itself expires keys");
        }
        LifecycleExpireRequest request = transaction.getLifecycleExpire();
        BucketInfo bucket = Lookups.bucket(mutation, request.getVolume(), request.getBucket());
        int deleted = 0;
        for (LifecycleKey key : request.getKeysList()) {
            Optional<KeyInfo> current = KeyLayouts.of(bucket).lookup(mutation, bucket, key.getName());
            if (current.isPresent() && current.get().getObjectId() == key.getObjectId()) {
                // In a versioned bucket this adds a delete marker, as S3's Expiration does.
                var unused = DeleteKeyHandler.delete(
                        mutation, bucket, key.getName(), "", false, transaction.getTimeMillis());
                deleted++;
            }
        }
        int aborted = 0;
        for (MultipartUploadInfo upload : request.getUploadsList()) {
            try {
                AbortMultipartUploadHandler.abort(
                        mutation, request.getVolume(), request.getBucket(), upload.getName(), upload.getUploadId());
                aborted++;
            } catch (OmException e) {
                if (e.status() != OmStatus.NO_SUCH_MULTIPART_UPLOAD) {
                    throw e;
                }
            }
        }
        int versions = 0;
        for (LifecycleVersion version : request.getNoncurrentVersionsList()) {
            if (KeyVersions.expireNoncurrent(mutation, bucket, version.getName(), version.getVersionId())) {
                versions++;
            }
        }
        int markers = 0;
        for (LifecycleVersion marker : request.getDeleteMarkersList()) {
            if (KeyVersions.expireLoneDeleteMarker(mutation, bucket, marker.getName(), marker.getVersionId())) {
                markers++;
            }
        }
        return LifecycleExpireResponse.newBuilder()
                .setDeletedKeys(deleted)
                .setAbortedUploads(aborted)
                .setDeletedVersions(versions)
                .setDeletedMarkers(markers)
                .build();
    }
}
