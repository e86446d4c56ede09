package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.auth.SigV4;
import dev.o3.s3gateway.backend.ObjectInfo;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.http.S3Request;
import dev.o3.s3gateway.xml.BucketDocuments;
import dev.o3.s3gateway.xml.ListingDocuments;
import dev.o3.s3gateway.xml.S3Xml;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * ListObjects (v1: {@code marker}) and ListObjectsV2 ({@code continuation-token}, {@code start-after},
 * {@code fetch-owner}), both with {@code prefix}, {@code delimiter}, {@code max-keys} and {@code encoding-type=url}.
 * Continuation tokens are the base64url form of the last key or prefix returned. Thread-safe.
 */
final class ListObjectsHandler implements OperationHandler {
    private static final String STORAGE_CLASS = "STANDARD";

    private final S3Backend backend;
    private final int maxKeysLimit;

    ListObjectsHandler(S3Backend backend, int maxKeysLimit) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
        this.maxKeysLimit = maxKeysLimit;
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        S3Request request = call.request();
        String prefix = request.query("prefix").orElse("");
        String delimiter = request.query("delimiter").orElse("");
        int maxKeys = maxKeys(request, maxKeysLimit);
        String encodingType = request.query("encoding-type").orElse(null);
        if (encodingType != null && !encodingType.equals("url")) {
            throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Invalid Encoding Method specified in Request");
        }
        UnaryOperator<String> encode = encodingType == null ? UnaryOperator.identity() : s -> SigV4.uriEncode(s, true);
        if (operation == S3Operation.LIST_OBJECTS) {
            String marker = request.query("marker").orElse("");
            ObjectLister.Listing listing = ObjectLister.list(
                    backend.objects(call.requester()), call.bucket(), prefix, delimiter, marker, maxKeys);
            call.sendXml(new ListingDocuments.ListBucketResultV1(
                    call.bucket(),
                    encode.apply(prefix),
                    encode.apply(marker),
                    listing.truncated() ? encode.apply(listing.last()) : null,
                    maxKeys,
                    delimiter.isEmpty() ? null : encode.apply(delimiter),
                    listing.truncated(),
                    encodingType,
                    contents(listing.objects(), encode, null),
                    prefixes(listing.commonPrefixes(), encode)));
            return;
        }
        String token = request.query("continuation-token").orElse(null);
        String startAfter = request.query("start-after").orElse("");
        String resume = token != null ? decodeToken(token) : startAfter;
        ObjectLister.Listing listing =
                ObjectLister.list(backend.objects(call.requester()), call.bucket(), prefix, delimiter, resume, maxKeys);
        // The bucket's owner owns every object in it.
        BucketDocuments.Owner owner =
                request.query("fetch-owner").filter("true"::equals).isPresent()
                        ? BucketDocuments.Owner.of(backend.buckets(call.requester())
                                .info(call.bucket())
                                .owner())
                        : null;
        call.sendXml(new ListingDocuments.ListBucketResultV2(
                call.bucket(),
                encode.apply(prefix),
                startAfter.isEmpty() ? null : encode.apply(startAfter),
                token,
                listing.truncated() ? encodeToken(listing.last()) : null,
                listing.objects().size() + listing.commonPrefixes().size(),
                maxKeys,
                delimiter.isEmpty() ? null : encode.apply(delimiter),
                listing.truncated(),
                encodingType,
                contents(listing.objects(), encode, owner),
                prefixes(listing.commonPrefixes(), encode)));
    }

    /** The {@code max-keys} parameter, at most {@code maxKeysLimit} (also when absent). */
    static int maxKeys(S3Request request, int maxKeysLimit) {
        String text = request.query("max-keys").orElse(null);
        if (text == null) {
            return maxKeysLimit;
        }
        try {
            int value = Integer.parseInt(text.trim());
            if (value < 0) {
                throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "max-keys must be >= 0");
            }
            return Math.min(value, maxKeysLimit);
        } catch (NumberFormatException e) {
            throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Provided max-keys not an integer or within range", e);
        }
    }

    private static List<ListingDocuments.Contents> contents(
            List<ObjectInfo> objects, UnaryOperator<String> encode, BucketDocuments.Owner owner) {
        return objects.stream()
                .map(object -> new ListingDocuments.Contents(
                        encode.apply(object.key()),
                        S3Xml.timestamp(object.lastModified()),
                        ObjectHeaders.quotedEtag(object.etag()),
                        object.size(),
                        owner,
                        STORAGE_CLASS))
                .toList();
    }

    private static List<ListingDocuments.CommonPrefix> prefixes(List<String> prefixes, UnaryOperator<String> encode) {
        return prefixes.stream()
                .map(prefix -> new ListingDocuments.CommonPrefix(encode.apply(prefix)))
                .toList();
    }

    static String encodeToken(String last) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(last.getBytes(StandardCharsets.UTF_8));
    }

    private static String decodeToken(String token) {
        try {
            return new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "The continuation token provided is incorrect", e);
        }
    }
}
