package dev.o3.om.operation;

import static dev.o3.om.operation.WriteOperation.client;
import static dev.o3.om.operation.WriteOperation.internal;

import dev.o3.om.bucket.SetBucketConfigHandler;
import dev.o3.om.lifecycle.LifecycleExpireHandler;
import dev.o3.proto.om.LifecycleExpireResponse;
import dev.o3.proto.om.OmTransaction.RequestCase;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import dev.o3.proto.om.SetBucketConfigRequest;
import dev.o3.proto.om.SetBucketConfigResponse;

/**
 * The write operations of S3 bucket configuration (policy, CORS, tags, lifecycle) and of the lifecycle service's
 * expirations; {@link WriteOperations} lists them with the others.
 */
final class BucketConfigOperations {
    static final WriteOperation<SetBucketConfigRequest, SetBucketConfigResponse> SET_BUCKET_CONFIG = client(
            OzoneManagerServiceGrpc.getSetBucketConfigMethod(),
            RequestCase.SET_BUCKET_CONFIG,
            SetBucketConfigResponse.getDefaultInstance(),
            settings -> new SetBucketConfigHandler(),
            WriteOperations.logged((transaction, request) -> transaction.setSetBucketConfig(request)));

    static final WriteOperation<LifecycleExpireResponse, LifecycleExpireResponse> LIFECYCLE_EXPIRE = internal(
            RequestCase.LIFECYCLE_EXPIRE,
            "LifecycleExpire",
            LifecycleExpireResponse.getDefaultInstance(),
            settings -> new LifecycleExpireHandler());

    private BucketConfigOperations() {}
}
