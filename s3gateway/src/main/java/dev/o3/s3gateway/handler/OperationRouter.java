package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.http.S3Request;
import java.util.Locale;
import java.util.Set;

/**
 * Names the S3 operation of a request from its method, addressing (service, bucket or object) and sub-resource
 * query parameters. Sub-resources the gateway does not implement route to {@link S3Operation#UNSUPPORTED}, which is
 * answered with NotImplemented. Stateless and thread-safe.
 */
public final class OperationRouter {
    private static final Set<String> UNSUPPORTED_SUBRESOURCES = Set.of(
            "website",
            "encryption",
            "logging",
            "notification",
            "replication",
            "requestPayment",
            "accelerate",
            "analytics",
            "inventory",
            "metrics",
            "intelligent-tiering",
            "ownershipControls",
            "publicAccessBlock",
            "legal-hold",
            "retention",
            "torrent",
            "restore",
            "select",
            "session");

    /** Operations that address one version of an object with {@code versionId}. */
    private static final Set<S3Operation> VERSION_OPERATIONS =
            Set.of(S3Operation.GET_OBJECT, S3Operation.HEAD_OBJECT, S3Operation.DELETE_OBJECT);

    /** The operation of a request. */
    public S3Operation route(S3Request request) {
        S3Operation operation = operationOf(request);
        return request.hasQuery("versionId") && !VERSION_OPERATIONS.contains(operation)
                ? S3Operation.UNSUPPORTED
                : operation;
    }

    private static S3Operation operationOf(S3Request request) {
        for (String subresource : UNSUPPORTED_SUBRESOURCES) {
            if (request.hasQuery(subresource)) {
                return S3Operation.UNSUPPORTED;
            }
        }
        if (request.bucket().isEmpty()) {
            return request.method().equals("GET") ? S3Operation.LIST_BUCKETS : S3Operation.UNSUPPORTED;
        }
        if (request.method().equals("OPTIONS")) {
            return S3Operation.PREFLIGHT;
        }
        if (request.hasQuery("object-lock")) {
            return request.key().isEmpty() && request.method().equals("GET")
                    ? S3Operation.GET_OBJECT_LOCK_CONFIGURATION
                    : S3Operation.UNSUPPORTED;
        }
        if (BucketConfigRoutes.onBucketOnly(request)) {
            return request.key().isEmpty() ? BucketConfigRoutes.route(request) : S3Operation.UNSUPPORTED;
        }
        if (request.key().isEmpty() && request.hasQuery("tagging")) {
            return BucketConfigRoutes.route(request);
        }
        if (request.hasQuery("acl")) {
            return aclOperation(request);
        }
        return request.key().isEmpty() ? bucketOperation(request) : objectOperation(request);
    }

    private static S3Operation aclOperation(S3Request request) {
        boolean bucket = request.key().isEmpty();
        return switch (request.method()) {
            case "GET" -> bucket ? S3Operation.GET_BUCKET_ACL : S3Operation.GET_OBJECT_ACL;
            case "PUT" -> bucket ? S3Operation.PUT_BUCKET_ACL : S3Operation.PUT_OBJECT_ACL;
            default -> S3Operation.UNSUPPORTED;
        };
    }

    private static S3Operation bucketOperation(S3Request request) {
        if (request.hasQuery("versioning")) {
            return switch (request.method()) {
                case "GET" -> S3Operation.GET_BUCKET_VERSIONING;
                case "PUT" -> S3Operation.PUT_BUCKET_VERSIONING;
                default -> S3Operation.UNSUPPORTED;
            };
        }
        return switch (request.method()) {
            case "PUT" -> S3Operation.CREATE_BUCKET;
            case "HEAD" -> S3Operation.HEAD_BUCKET;
            case "DELETE" -> S3Operation.DELETE_BUCKET;
            case "POST" -> {
                if (request.hasQuery("delete")) {
                    yield S3Operation.DELETE_OBJECTS;
                }
                yield isForm(request) ? S3Operation.POST_OBJECT : S3Operation.UNSUPPORTED;
            }
            case "GET" -> {
                if (request.hasQuery("location")) {
                    yield S3Operation.GET_BUCKET_LOCATION;
                }
                if (request.hasQuery("uploads")) {
                    yield S3Operation.LIST_MULTIPART_UPLOADS;
                }
                if (request.hasQuery("versions")) {
                    yield S3Operation.LIST_OBJECT_VERSIONS;
                }
                yield request.query("list-type").filter("2"::equals).isPresent()
                        ? S3Operation.LIST_OBJECTS_V2
                        : S3Operation.LIST_OBJECTS;
            }
            default -> S3Operation.UNSUPPORTED;
        };
    }

    /** A browser POST upload: a bucket POST whose body is an HTML form. */
    private static boolean isForm(S3Request request) {
        return request.header("content-type")
                .filter(type -> type.toLowerCase(Locale.ROOT).startsWith("multipart/form-data"))
                .isPresent();
    }

    private static S3Operation objectOperation(S3Request request) {
        boolean tagging = request.hasQuery("tagging");
        boolean uploadId = request.hasQuery("uploadId");
        return switch (request.method()) {
            case "PUT" -> {
                if (tagging) {
                    yield S3Operation.PUT_OBJECT_TAGGING;
                }
                boolean copy = request.header("x-amz-copy-source").isPresent();
                if (uploadId || request.hasQuery("partNumber")) {
                    yield copy ? S3Operation.UPLOAD_PART_COPY : S3Operation.UPLOAD_PART;
                }
                yield copy ? S3Operation.COPY_OBJECT : S3Operation.PUT_OBJECT;
            }
            case "GET" -> {
                if (tagging) {
                    yield S3Operation.GET_OBJECT_TAGGING;
                }
                if (request.hasQuery("attributes")) {
                    yield S3Operation.GET_OBJECT_ATTRIBUTES;
                }
                yield uploadId ? S3Operation.LIST_PARTS : S3Operation.GET_OBJECT;
            }
            case "HEAD" -> S3Operation.HEAD_OBJECT;
            case "DELETE" -> {
                if (tagging) {
                    yield S3Operation.DELETE_OBJECT_TAGGING;
                }
                yield uploadId ? S3Operation.ABORT_MULTIPART_UPLOAD : S3Operation.DELETE_OBJECT;
            }
            case "POST" -> {
                if (request.hasQuery("uploads")) {
                    yield S3Operation.CREATE_MULTIPART_UPLOAD;
                }
                yield uploadId ? S3Operation.COMPLETE_MULTIPART_UPLOAD : S3Operation.UNSUPPORTED;
            }
            default -> S3Operation.UNSUPPORTED;
        };
    }
}
