package dev.o3.s3gateway.handler;

import dev.o3.proto.om.BucketConfig;
import dev.o3.proto.om.BucketConfigPart;
import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;
import dev.o3.s3gateway.backend.BucketConfigStore;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.xml.LifecycleXml;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Objects;

/**
 * Get/PutBucketLifecycleConfiguration and DeleteBucketLifecycle. OM checks the rules (InvalidArgument when it refuses
 * them) and its lifecycle service executes them. Thread-safe.
 */
final class LifecycleHandler implements OperationHandler {
    private static final int MAX_BODY = 1024 * 1024;

    private final S3Backend backend;

    LifecycleHandler(S3Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        BucketConfigStore configs = backend.configs(call.requester());
        switch (operation) {
            case GET_BUCKET_LIFECYCLE -> {
                BucketConfig config = configs.get(call.bucket(), BucketConfigPart.BUCKET_CONFIG_LIFECYCLE);
                if (!config.hasLifecycle()) {
                    throw new S3Exception(S3ErrorCode.NO_SUCH_LIFECYCLE_CONFIGURATION);
                }
                call.sendXml(LifecycleXml.document(config.getLifecycle()));
            }
            case PUT_BUCKET_LIFECYCLE -> {
                try {
                    configs.setLifecycle(call.bucket(), LifecycleXml.parse(call.readSmallBody(MAX_BODY)));
                } catch (BackendException e) {
                    if (e.status() == BackendStatus.INVALID_REQUEST) {
                        throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, e.getMessage(), e);
                    }
                    throw e;
                }
                call.sendEmpty(HttpResponseStatus.OK, call.headers());
            }
            case DELETE_BUCKET_LIFECYCLE -> {
                configs.remove(call.bucket(), BucketConfigPart.BUCKET_CONFIG_LIFECYCLE);
                call.sendEmpty(HttpResponseStatus.NO_CONTENT, call.headers());
            }
            default -> throw new IllegalArgumentException("not a lifecycle operation: " + operation);
        }
    }
}
