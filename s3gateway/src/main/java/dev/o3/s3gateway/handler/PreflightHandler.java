package dev.o3.s3gateway.handler;

import dev.o3.proto.om.CorsConfiguration;
import dev.o3.proto.om.CorsRule;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.bucketconfig.CorsRules;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Answers CORS preflight requests ({@code OPTIONS} on a bucket or object) from the bucket's CORS rules: 200 with the
 * {@code Access-Control-*} headers of the first matching rule, 403 AccessForbidden when none matches or the bucket
 * has no rules, 400 BadRequest without {@code Origin} or {@code Access-Control-Request-Method}. Thread-safe.
 */
final class PreflightHandler implements OperationHandler {
    private final S3Backend backend;

    PreflightHandler(S3Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        String origin = call.request().header("origin").orElseThrow(() -> new S3Exception(S3ErrorCode.BAD_REQUEST));
        String method = call.request()
                .header("access-control-request-method")
                .orElseThrow(
                        () -> new S3Exception(S3ErrorCode.BAD_REQUEST, "Invalid Access-Control-Request-Method: null"));
        List<String> headers = CorsRules.requestHeaders(call.request().header("access-control-request-headers"));
        Optional<CorsConfiguration> cors = backend.cors(call.bucket());
        if (cors.isEmpty()) {
            throw new S3Exception(S3ErrorCode.ACCESS_FORBIDDEN, "CORSResponse: CORS is not enabled for this bucket.");
        }
        CorsRule rule = CorsRules.match(cors.get(), origin, method, headers)
                .orElseThrow(() -> new S3Exception(
                        S3ErrorCode.ACCESS_FORBIDDEN,
                        "CORSResponse: This CORS request is not allowed. This is usually because the evalution of"
                                + " Origin, request method / Access-Control-Request-Method or"
                                + " Access-Control-Request-Headers are not whitelisted by the resource's CORS spec."));
        call.sendEmpty(
                HttpResponseStatus.OK, call.headers().add(CorsRules.responseHeaders(rule, origin, headers, true)));
    }
}
