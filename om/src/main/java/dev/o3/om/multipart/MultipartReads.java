package dev.o3.om.multipart;

import dev.o3.om.db.KeyOrder;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.db.RowKeys;
import dev.o3.om.request.Caller;
import dev.o3.om.request.Lookups;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.ListMultipartUploadsRequest;
import dev.o3.proto.om.ListMultipartUploadsResponse;
import dev.o3.proto.om.ListPartsRequest;
import dev.o3.proto.om.ListPartsResponse;
import dev.o3.proto.om.MultipartUploadInfo;
import dev.o3.proto.om.MultipartUploadRecord;
import dev.o3.proto.om.PartInfo;
import dev.o3.server.db.KeyValue;
import java.util.List;

/** Multipart reads: the parts of an upload and the uploads of a bucket, paged; for whoever may read the bucket. */
public final class MultipartReads {
    private MultipartReads() {}

    public static ListPartsResponse listParts(ReadView view, Caller caller, ListPartsRequest request)
            throws OmException {
        Lookups.checkRead(
                view,
                caller.doing("s3:ListMultipartUploadParts", request.getName()),
                Lookups.bucket(view, request.getVolume(), request.getBucket()));
        MultipartUploadRecord upload =
                Uploads.find(view, request.getVolume(), request.getBucket(), request.getName(), request.getUploadId());
        int max = request.getMaxParts() == 0 ? 1000 : Math.min(request.getMaxParts(), 1000);
        ListPartsResponse.Builder response = ListPartsResponse.newBuilder();
        for (PartInfo part : upload.getPartsList()) {
            if (part.getPartNumber() <= request.getPartNumberMarker()) {
                continue;
            }
            if (response.getPartsCount() == max) {
                response.setTruncated(true);
                break;
            }
            response.addParts(part);
            response.setNextPartNumberMarker(part.getPartNumber());
        }
        return response.build();
    }

    public static ListMultipartUploadsResponse listUploads(
            ReadView view, Caller caller, ListMultipartUploadsRequest request) throws OmException {
        Lookups.checkRead(
                view,
                caller.doing("s3:ListBucketMultipartUploads", ""),
                Lookups.bucket(view, request.getVolume(), request.getBucket()));
        int max = request.getMaxUploads() == 0 ? 1000 : Math.min(request.getMaxUploads(), 1000);
        String base = RowKeys.keysOf(request.getVolume(), request.getBucket());
        String prefix = base + request.getPrefix();
        String from = prefix;
        if (!request.getKeyMarker().isEmpty()) {
            String marker = request.getUploadIdMarker().isEmpty()
                    ? base + request.getKeyMarker() + "#\uffff"
                    : RowKeys.multipartUpload(
                            request.getVolume(),
                            request.getBucket(),
                            request.getKeyMarker(),
                            request.getUploadIdMarker());
            from = KeyOrder.compare(marker, prefix) < 0 ? prefix : KeyOrder.successor(marker);
        }
        List<KeyValue<String, MultipartUploadRecord>> rows =
                view.scan(OmSchema.MULTIPART_UPLOADS, prefix, from, max + 1);
        ListMultipartUploadsResponse.Builder response = ListMultipartUploadsResponse.newBuilder();
        for (KeyValue<String, MultipartUploadRecord> row : rows) {
            if (response.getUploadsCount() == max) {
                response.setTruncated(true);
                break;
            }
            response.addUploads(MultipartUploadInfo.newBuilder()
                    .setName(row.value().getName())
                    .setUploadId(row.value().getUploadId())
                    .setCreationTimeMillis(row.value().getCreationTimeMillis()));
        }
        return response.build();
    }
}
