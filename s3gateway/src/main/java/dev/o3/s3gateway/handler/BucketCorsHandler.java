package dev.o3.s3gateway.handler;

import dev.o3.proto.om.BucketConfig;
import dev.o3.proto.om.BucketConfigPart;
import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;
import dev.o3.s3gateway.backend.BucketConfigStore;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.xml.CorsXml;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Objects;

/** GetBucketCors, PutBucketCors and DeleteBucketCors; OM checks the rules' limits. Thread-safe. */
final class BucketCorsHandler implements OperationHandler {
    private static final int MAX_BODY = 64 * 1024;

    private final S3Backend backend;

    BucketCorsHandler(S3Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        BucketConfigStore configs = backend.configs(call.requester());
        switch (operation) {
            case GET_BUCKET_CORS -> {
                BucketConfig config = configs.get(call.bucket(), BucketConfigPart.BUCKET_CONFIG_CORS);
                if (!config.hasCors()) {
                    throw new S3Exception(S3ErrorCode.NO_SUCH_CORS_CONFIGURATION);
                }
                call.sendXml(CorsXml.document(config.getCors()));
            }
            case PUT_BUCKET_CORS -> {
                try {
                    configs.setCors(call.bucket(), CorsXml.parse(call.readSmallBody(MAX_BODY)));
                } catch (BackendException e) {
                    if (e.status() == BackendStatus.INVALID_REQUEST) {
                        throw new S3Exception(S3ErrorCode.INVALID_REQUEST, e.getMessage(), e);
                    }
                    throw e;
                }
                call.sendEmpty(HttpResponseStatus.OK, call.headers());
            }
            case DELETE_BUCKET_CORS -> {
                configs.remove(call.bucket(), BucketConfigPart.BUCKET_CONFIG_CORS);
                call.sendEmpty(HttpResponseStatus.NO_CONTENT, call.headers());
            }
            default -> throw new IllegalArgumentException("not a CORS operation: " + operation);
        }
    }
}
