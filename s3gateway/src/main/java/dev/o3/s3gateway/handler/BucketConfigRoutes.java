package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.http.S3Request;
import java.util.List;

/**
 * Names the bucket sub-resource operations of the S3 configuration O3 keeps for a bucket: policy, policy status,
 * CORS, tagging and lifecycle. Stateless.
 */
final class BucketConfigRoutes {
    private static final List<String> BUCKET_ONLY = List.of("policy", "policyStatus", "cors", "lifecycle");

    private BucketConfigRoutes() {}

    /** Whether the request names a sub-resource that only buckets have. */
    static boolean onBucketOnly(S3Request request) {
        return BUCKET_ONLY.stream().anyMatch(request::hasQuery);
    }

    /** The operation of a bucket-addressed request, or UNSUPPORTED when it is none of these. */
    static S3Operation route(S3Request request) {
        String method = request.method();
        if (request.hasQuery("policyStatus")) {
            return method.equals("GET") ? S3Operation.GET_BUCKET_POLICY_STATUS : S3Operation.UNSUPPORTED;
        }
        if (request.hasQuery("policy")) {
            return pick(
                    method,
                    S3Operation.GET_BUCKET_POLICY,
                    S3Operation.PUT_BUCKET_POLICY,
                    S3Operation.DELETE_BUCKET_POLICY);
        }
        if (request.hasQuery("cors")) {
            return pick(
                    method, S3Operation.GET_BUCKET_CORS, S3Operation.PUT_BUCKET_CORS, S3Operation.DELETE_BUCKET_CORS);
        }
        if (request.hasQuery("tagging")) {
            return pick(
                    method,
                    S3Operation.GET_BUCKET_TAGGING,
                    S3Operation.PUT_BUCKET_TAGGING,
                    S3Operation.DELETE_BUCKET_TAGGING);
        }
        if (request.hasQuery("lifecycle")) {
            return pick(
                    method,
                    S3Operation.GET_BUCKET_LIFECYCLE,
                    S3Operation.PUT_BUCKET_LIFECYCLE,
                    S3Operation.DELETE_BUCKET_LIFECYCLE);
        }
        return S3Operation.UNSUPPORTED;
    }

    private static S3Operation pick(String method, S3Operation get, S3Operation put, S3Operation delete) {
        return switch (method) {
            case "GET" -> get;
            case "PUT" -> put;
            case "DELETE" -> delete;
            default -> S3Operation.UNSUPPORTED;
        };
    }
}
