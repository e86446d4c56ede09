package dev.o3.s3gateway.handler;

import dev.o3.proto.om.BucketConfig;
import dev.o3.proto.om.BucketConfigPart;
import dev.o3.proto.om.BucketPolicy;
import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;
import dev.o3.s3gateway.backend.BucketConfigStore;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.bucketconfig.PolicyParser;
import dev.o3.s3gateway.bucketconfig.PolicyStatus;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.xml.BucketConfigDocuments;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * GetBucketPolicy, PutBucketPolicy, DeleteBucketPolicy and GetBucketPolicyStatus. The gateway parses and checks the
 * JSON ({@link PolicyParser}); OM stores it, checks its conditions and evaluates it on every access. Only the bucket's
 * owner reads or changes a policy. Thread-safe.
 */
final class BucketPolicyHandler implements OperationHandler {
    private final S3Backend backend;

    BucketPolicyHandler(S3Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        BucketConfigStore configs = backend.configs(call.requester());
        switch (operation) {
            case GET_BUCKET_POLICY -> {
                BucketPolicy policy = stored(configs, call);
                call.responder()
                        .send(
                                HttpResponseStatus.OK,
                                call.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json"),
                                Unpooled.wrappedBuffer(policy.getText().getBytes(StandardCharsets.UTF_8)));
            }
            case GET_BUCKET_POLICY_STATUS -> call.sendXml(
                    new BucketConfigDocuments.PolicyStatus(PolicyStatus.isPublic(stored(configs, call))));
            case PUT_BUCKET_POLICY -> {
                BucketPolicy policy = PolicyParser.parse(body(call), call.bucket());
                try {
                    configs.setPolicy(call.bucket(), policy);
                } catch (BackendException e) {
                    if (e.status() == BackendStatus.INVALID_REQUEST) {
                        throw new S3Exception(S3ErrorCode.MALFORMED_POLICY, e.getMessage(), e);
                    }
                    throw e;
                }
                call.sendEmpty(HttpResponseStatus.NO_CONTENT, call.headers());
            }
            case DELETE_BUCKET_POLICY -> {
                configs.remove(call.bucket(), BucketConfigPart.BUCKET_CONFIG_POLICY);
                call.sendEmpty(HttpResponseStatus.NO_CONTENT, call.headers());
            }
            default -> throw new IllegalArgumentException("not a policy operation: " + operation);
        }
    }

    private static BucketPolicy stored(BucketConfigStore configs, S3Call call) {
        BucketConfig config = configs.get(call.bucket(), BucketConfigPart.BUCKET_CONFIG_POLICY);
        if (!config.hasPolicy()) {
            throw new S3Exception(S3ErrorCode.NO_SUCH_BUCKET_POLICY);
        }
        return config.getPolicy();
    }

    private static String body(S3Call call) {
        byte[] body;
        try {
            body = call.readSmallBody(PolicyParser.MAX_BYTES);
        } catch (S3Exception e) {
            if (e.code() == S3ErrorCode.MALFORMED_XML) {
                throw new S3Exception(
                        S3ErrorCode.MALFORMED_POLICY,
                        "Policies must be at most " + PolicyParser.MAX_BYTES + " bytes",
                        e);
            }
            throw e;
        }
        return new String(body, StandardCharsets.UTF_8);
    }
}
