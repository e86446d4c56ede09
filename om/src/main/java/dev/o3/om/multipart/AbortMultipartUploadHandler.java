package dev.o3.om.multipart;

import com.google.protobuf.Message;
import dev.o3.om.db.Mutation;
import dev.o3.om.db.OmSchema;
import dev.o3.om.key.DeletedKeys;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.om.request.WriteRequest;
import dev.o3.proto.om.AbortMultipartUploadRequest;
import dev.o3.proto.om.AbortMultipartUploadResponse;
import dev.o3.proto.om.MultipartUploadRecord;
import dev.o3.proto.om.OmTransaction;
import dev.o3.proto.om.PartInfo;

/** Aborts a multipart upload and frees the blocks of its parts. */
public final class AbortMultipartUploadHandler implements WriteRequest {
    @Override
    public Message apply(Mutation mutation, OmTransaction transaction) throws OmException {
        AbortMultipartUploadRequest request = transaction.getAbortMultipartUpload();
        Lookups.checkWrite(
                mutation,
                Lookups.caller(transaction),
                Lookups.bucket(mutation, request.getVolume(), request.getBucket()));
        abort(mutation, request.getVolume(), request.getBucket(), request.getName(), request.getUploadId());
        return AbortMultipartUploadResponse.getDefaultInstance();
    }

    /**
     * Removes an upload and hands its parts' blocks to the deleted-keys table.
     *
     * @throws OmException NO_SUCH_MULTIPART_UPLOAD
     */
    public static void abort(Mutation mutation, String volume, String bucket, String name, String uploadId)
            throws OmException {
        MultipartUploadRecord upload = Uploads.find(mutation, volume, bucket, name, uploadId);
        for (PartInfo part : upload.getPartsList()) {
            DeletedKeys.add(mutation, CommitMultipartPartHandler.asKey(upload, part));
        }
        mutation.delete(OmSchema.MULTIPART_UPLOADS, Uploads.row(volume, bucket, name, uploadId));
    }
}
