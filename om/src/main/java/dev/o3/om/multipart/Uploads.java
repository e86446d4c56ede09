package dev.o3.om.multipart;

import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.MultipartUploadRecord;
import dev.o3.proto.om.OmStatus;

/** Finds multipart uploads. */
final class Uploads {
    private Uploads() {}

    static String row(String volume, String bucket, String key, String uploadId) {
        return RowKeys.multipartUpload(volume, bucket, key, uploadId);
    }

    /**
     * The upload of a key.
     *
     * @throws OmException NO_SUCH_MULTIPART_UPLOAD
     */
    static MultipartUploadRecord find(ReadView view, String volume, String bucket, String key, String uploadId)
            throws OmException {
        return view.get(OmSchema.MULTIPART_UPLOADS, row(volume, bucket, key, uploadId))
                .orElseThrow(() -> new OmException(
                        OmStatus.NO_SUCH_MULTIPART_UPLOAD, "no multipart upload " + uploadId + " for " + key));
    }
}
