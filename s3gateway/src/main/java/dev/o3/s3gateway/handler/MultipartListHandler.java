package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.backend.MultipartStore;
import dev.o3.s3gateway.backend.PartInfo;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.backend.UploadInfo;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.http.S3Request;
import dev.o3.s3gateway.xml.BucketDocuments;
import dev.o3.s3gateway.xml.MultipartDocuments;
import dev.o3.s3gateway.xml.S3Xml;
import java.util.List;
import java.util.Objects;

/**
 * ListParts ({@code part-number-marker}, {@code max-parts}) and ListMultipartUploads ({@code prefix},
 * {@code key-marker}, {@code upload-id-marker}, {@code max-uploads}). Thread-safe.
 */
final class MultipartListHandler implements OperationHandler {
    private static final int MAX_ITEMS = 1000;
    private static final String STORAGE_CLASS = "STANDARD";

    private final S3Backend backend;

    MultipartListHandler(S3Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        MultipartStore multipart = backend.multipart(call.requester());
        S3Request request = call.request();
        BucketDocuments.Owner owner = BucketDocuments.Owner.of(call.requester().displayName());
        if (operation == S3Operation.LIST_PARTS) {
            int marker = intParameter(request, "part-number-marker", 0);
            int maxParts = Math.min(intParameter(request, "max-parts", MAX_ITEMS), MAX_ITEMS);
            List<PartInfo> after =
                    multipart.listParts(call.bucket(), call.key(), MultipartHandler.uploadId(call)).stream()
                            .filter(part -> part.partNumber() > marker)
                            .toList();
            List<PartInfo> page = after.subList(0, Math.min(maxParts, after.size()));
            boolean truncated = page.size() < after.size();
            call.sendXml(new MultipartDocuments.ListPartsResult(
                    call.bucket(),
                    call.key(),
                    MultipartHandler.uploadId(call),
                    owner,
                    owner,
                    STORAGE_CLASS,
                    marker,
                    page.isEmpty() ? marker : page.get(page.size() - 1).partNumber(),
                    maxParts,
                    truncated,
                    page.stream()
                            .map(part -> new MultipartDocuments.Part(
                                    part.partNumber(),
                                    S3Xml.timestamp(part.lastModified()),
                                    ObjectHeaders.quotedEtag(part.etag()),
                                    part.size(),
                                    part.checksum()
                                            .map(sum -> MultipartDocuments.Checksums.of(sum.algorithm(), sum.value()))
                                            .orElse(MultipartDocuments.Checksums.NONE)))
                            .toList()));
            return;
        }
        listUploads(call, multipart, owner);
    }

    private static void listUploads(S3Call call, MultipartStore multipart, BucketDocuments.Owner owner) {
        S3Request request = call.request();
        String prefix = request.query("prefix").orElse("");
        String keyMarker = request.query("key-marker").orElse("");
        String uploadIdMarker = request.query("upload-id-marker").orElse("");
        int maxUploads = Math.min(intParameter(request, "max-uploads", MAX_ITEMS), MAX_ITEMS);
        List<UploadInfo> after = multipart.listUploads(call.bucket(), prefix).stream()
                .filter(upload -> keyMarker.isEmpty()
                        || upload.key().compareTo(keyMarker) > 0
                        || (upload.key().equals(keyMarker)
                                && !uploadIdMarker.isEmpty()
                                && upload.uploadId().compareTo(uploadIdMarker) > 0))
                .toList();
        List<UploadInfo> page = after.subList(0, Math.min(maxUploads, after.size()));
        boolean truncated = page.size() < after.size();
        UploadInfo last = page.isEmpty() ? null : page.get(page.size() - 1);
        call.sendXml(new MultipartDocuments.ListMultipartUploadsResult(
                call.bucket(),
                keyMarker,
                uploadIdMarker,
                truncated ? last.key() : null,
                truncated ? last.uploadId() : null,
                prefix,
                maxUploads,
                truncated,
                page.stream()
                        .map(upload -> new MultipartDocuments.Upload(
                                upload.key(),
                                upload.uploadId(),
                                owner,
                                owner,
                                STORAGE_CLASS,
                                S3Xml.timestamp(upload.initiated())))
                        .toList()));
    }

    private static int intParameter(S3Request request, String name, int defaultValue) {
        String text = request.query(name).orElse(null);
        if (text == null) {
            return defaultValue;
        }
        try {
            int value = Integer.parseInt(text.trim());
            if (value < 0) {
                throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, name + " must be >= 0");
            }
            return value;
        } catch (NumberFormatException e) {
            throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, name + " must be an integer", e);
        }
    }
}
