package dev.o3.s3gateway.handler;

import dev.o3.common.acl.Acl;
import dev.o3.s3gateway.acl.RequestedAcls;
import dev.o3.s3gateway.backend.CompletedPart;
import dev.o3.s3gateway.backend.MultipartStore;
import dev.o3.s3gateway.backend.ObjectChecksum;
import dev.o3.s3gateway.backend.ObjectInfo;
import dev.o3.s3gateway.backend.ObjectReader;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.xml.MultipartDocuments;
import dev.o3.s3gateway.xml.S3Xml;
import dev.o3.s3gateway.xml.XmlRequests;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * CreateMultipartUpload (with the object's {@code x-amz-acl}), UploadPart (streamed; part ETag = MD5), UploadPartCopy
 * (a byte range of another object, streamed through the gateway), CompleteMultipartUpload (ascending part numbers,
 * multipart ETag {@code md5(md5s)-N}, the parts' composite checksum: {@link PartChecksums}) and AbortMultipartUpload.
 * Thread-safe.
 */
final class MultipartHandler implements OperationHandler {
    static final int MAX_PART_NUMBER = 10_000;
    private static final int MAX_COMPLETE_BODY = 4 * 1024 * 1024;

    private final S3Backend backend;
    private final Clock clock;

    MultipartHandler(S3Backend backend, Clock clock) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        MultipartStore multipart = backend.multipart(call.requester());
        switch (operation) {
            case CREATE_MULTIPART_UPLOAD -> {
                ObjectHeaders.checkKey(call.key());
                Acl acl = RequestedAcls.fromHeaders(call.request()).orElse(Acl.PRIVATE);
                call.body().drain();
                String uploadId =
                        multipart.initiate(call.bucket(), call.key(), ObjectHeaders.attributes(call.request()), acl);
                call.sendXml(new MultipartDocuments.InitiateMultipartUploadResult(call.bucket(), call.key(), uploadId));
            }
            case UPLOAD_PART -> {
                int partNumber = partNumber(call);
                ObjectHeaders.checkUploadLength(call.body().expectedLength());
                String etag = DataPump.commitBody(
                        call.body(),
                        multipart.uploadPart(
                                call.bucket(),
                                call.key(),
                                uploadId(call),
                                partNumber,
                                call.body().expectedLength()));
                HttpHeaders headers = call.headers().set(HttpHeaderNames.ETAG, ObjectHeaders.quotedEtag(etag));
                call.body().checksum().ifPresent(checksum -> headers.set(checksum.headerName(), checksum.value()));
                call.sendEmpty(HttpResponseStatus.OK, headers);
            }
            case UPLOAD_PART_COPY -> copyPart(call, multipart);
            case COMPLETE_MULTIPART_UPLOAD -> complete(call, multipart);
            case ABORT_MULTIPART_UPLOAD -> {
                multipart.abort(call.bucket(), call.key(), uploadId(call));
                call.sendEmpty(HttpResponseStatus.NO_CONTENT, call.headers());
            }
            default -> throw new IllegalArgumentException("not a multipart operation: " + operation);
        }
    }

    private void copyPart(S3Call call, MultipartStore multipart) {
        int partNumber = partNumber(call);
        String uploadId = uploadId(call);
        CopySource source =
                CopySource.parse(call.request().header("x-amz-copy-source").orElseThrow());
        call.body().drain();
        try (ObjectReader object = source.open(backend, call.requester())) {
            copyPart(call, multipart, partNumber, uploadId, object);
        }
    }

    private void copyPart(S3Call call, MultipartStore multipart, int partNumber, String uploadId, ObjectReader object) {
        ObjectInfo info = object.info();
        Conditions.evaluate(call.request(), "x-amz-copy-source-", info, true);
        Optional<String> rangeHeader = call.request().header("x-amz-copy-source-range");
        ByteRange range = new ByteRange(0, Math.max(0, info.size() - 1));
        if (rangeHeader.isPresent()) {
            range = ByteRange.parse(rangeHeader.get(), info.size())
                    .orElseThrow(() -> new S3Exception(
                            S3ErrorCode.INVALID_ARGUMENT, "Invalid x-amz-copy-source-range " + rangeHeader.get()));
        }
        long length = info.size() == 0 ? 0 : range.length();
        String etag = DataPump.commitStream(
                object.read(range.first(), length),
                length,
                multipart.uploadPart(call.bucket(), call.key(), uploadId, partNumber, length),
                Optional.empty());
        call.sendXml(new MultipartDocuments.CopyPartResult(
                S3Xml.timestamp(clock.instant()), ObjectHeaders.quotedEtag(etag)));
    }

    private static void complete(S3Call call, MultipartStore multipart) {
        List<CompletedPart> parts = XmlRequests.completedParts(call.readSmallBody(MAX_COMPLETE_BODY));
        if (parts.isEmpty()) {
            throw new S3Exception(
                    S3ErrorCode.MALFORMED_XML, "You must specify at least one part in CompleteMultipartUpload");
        }
        for (int i = 1; i < parts.size(); i++) {
            if (parts.get(i).partNumber() <= parts.get(i - 1).partNumber()) {
                throw new S3Exception(S3ErrorCode.INVALID_PART_ORDER);
            }
        }
        String etag =
                DataPump.multipartEtag(parts.stream().map(CompletedPart::etag).toList());
        String uploadId = uploadId(call);
        Optional<ObjectChecksum> checksum =
                PartChecksums.composite(parts, multipart.listParts(call.bucket(), call.key(), uploadId));
        ObjectInfo info = multipart.complete(
                call.bucket(), call.key(), uploadId, parts, etag, Conditions.writeConditions(call.request()), checksum);
        call.sendXml(
                info.versionId().isEmpty()
                        ? call.headers()
                        : call.headers().set(VersionIds.VERSION_HEADER, info.versionId()),
                new MultipartDocuments.CompleteMultipartUploadResult(
                        "/" + call.bucket() + "/" + call.key(),
                        call.bucket(),
                        call.key(),
                        ObjectHeaders.quotedEtag(info.etag()),
                        checksum.map(sum -> MultipartDocuments.Checksums.of(sum.algorithm(), sum.value()))
                                .orElse(MultipartDocuments.Checksums.NONE),
                        checksum.map(PartChecksums::type).orElse(null)));
    }

    static String uploadId(S3Call call) {
        return call.request()
                .query("uploadId")
                .filter(id -> !id.isEmpty())
                .orElseThrow(() -> new S3Exception(S3ErrorCode.NO_SUCH_UPLOAD));
    }

    private static int partNumber(S3Call call) {
        String text = call.request().query("partNumber").orElse("");
        try {
            int number = Integer.parseInt(text);
            if (number >= 1 && number <= MAX_PART_NUMBER) {
                return number;
            }
        } catch (NumberFormatException e) {
            throw new S3Exception(
                    S3ErrorCode.INVALID_ARGUMENT, "Part number must be an integer between 1 and 10000", e);
        }
        throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Part number must be an integer between 1 and 10000");
    }
}
