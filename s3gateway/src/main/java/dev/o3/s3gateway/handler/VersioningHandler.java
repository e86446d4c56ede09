package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.auth.SigV4;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.backend.VersionStore;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.http.S3Request;
import dev.o3.s3gateway.xml.BucketDocuments;
import dev.o3.s3gateway.xml.ListingDocuments;
import dev.o3.s3gateway.xml.S3Xml;
import dev.o3.s3gateway.xml.VersionDocuments;
import dev.o3.s3gateway.xml.XmlRequests;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * GetBucketVersioning, PutBucketVersioning (Enabled or Suspended; MFA Delete refused) and ListObjectVersions
 * ({@code prefix}, {@code delimiter}, {@code key-marker}, {@code version-id-marker}, {@code max-keys},
 * {@code encoding-type=url}). A bucket never versioned lists every object once, with version id "null".
 * Thread-safe.
 */
final class VersioningHandler implements OperationHandler {
    private static final int MAX_CONFIGURATION_BYTES = 64 * 1024;
    private static final String STORAGE_CLASS = "STANDARD";

    private final S3Backend backend;
    private final int maxKeysLimit;

    VersioningHandler(S3Backend backend, int maxKeysLimit) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
        this.maxKeysLimit = maxKeysLimit;
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        VersionStore versions = backend.versions(call.requester());
        switch (operation) {
            case GET_BUCKET_VERSIONING -> {
                String status = versions.versioning(call.bucket());
                call.sendXml(new VersionDocuments.VersioningConfiguration(status.isEmpty() ? null : status));
            }
            case PUT_BUCKET_VERSIONING -> {
                boolean enabled = XmlRequests.versioningEnabled(call.readSmallBody(MAX_CONFIGURATION_BYTES));
                versions.setVersioning(call.bucket(), enabled);
                call.sendEmpty(HttpResponseStatus.OK, call.headers());
            }
            case LIST_OBJECT_VERSIONS -> list(call, versions);
            default -> throw new IllegalArgumentException("not a versioning operation: " + operation);
        }
    }

    private void list(S3Call call, VersionStore versions) {
        S3Request request = call.request();
        String prefix = request.query("prefix").orElse("");
        String delimiter = request.query("delimiter").orElse("");
        String keyMarker = request.query("key-marker").orElse("");
        String versionIdMarker = request.query("version-id-marker").orElse("");
        if (!versionIdMarker.isEmpty() && keyMarker.isEmpty()) {
            throw new S3Exception(
                    S3ErrorCode.INVALID_ARGUMENT, "A version-id marker cannot be specified without a key marker.");
        }
        int maxKeys = ListObjectsHandler.maxKeys(request, maxKeysLimit);
        String encodingType = request.query("encoding-type").orElse(null);
        if (encodingType != null && !encodingType.equals("url")) {
            throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Invalid Encoding Method specified in Request");
        }
        UnaryOperator<String> encode = encodingType == null ? UnaryOperator.identity() : s -> SigV4.uriEncode(s, true);
        VersionStore.VersionListing listing = maxKeys == 0
                ? new VersionStore.VersionListing(List.of(), List.of(), false, "", "")
                : versions.list(call.bucket(), prefix, keyMarker, versionIdMarker, delimiter, maxKeys);
        BucketDocuments.Owner owner = BucketDocuments.Owner.of(
                backend.buckets(call.requester()).info(call.bucket()).owner());
        call.sendXml(new VersionDocuments.ListVersionsResult(
                call.bucket(),
                encode.apply(prefix),
                encode.apply(keyMarker),
                versionIdMarker,
                listing.truncated() ? encode.apply(listing.nextKeyMarker()) : null,
                listing.truncated() && !listing.nextVersionIdMarker().isEmpty() ? listing.nextVersionIdMarker() : null,
                maxKeys,
                delimiter.isEmpty() ? null : encode.apply(delimiter),
                listing.truncated(),
                encodingType,
                listing.versions().stream()
                        .filter(version -> !version.deleteMarker())
                        .map(version -> new VersionDocuments.Version(
                                encode.apply(version.info().key()),
                                version.info().versionId(),
                                version.latest(),
                                S3Xml.timestamp(version.info().lastModified()),
                                ObjectHeaders.quotedEtag(version.info().etag()),
                                version.info().size(),
                                owner,
                                STORAGE_CLASS))
                        .toList(),
                listing.versions().stream()
                        .filter(VersionStore.ObjectVersion::deleteMarker)
                        .map(version -> new VersionDocuments.DeleteMarker(
                                encode.apply(version.info().key()),
                                version.info().versionId(),
                                version.latest(),
                                S3Xml.timestamp(version.info().lastModified()),
                                owner))
                        .toList(),
                listing.commonPrefixes().stream()
                        .map(common -> new ListingDocuments.CommonPrefix(encode.apply(common)))
                        .toList()));
    }
}
