package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.backend.S3Backend;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/** The handler of every supported operation, one instance per family. Immutable after construction. */
final class OperationHandlers {
    private final Map<S3Operation, OperationHandler> handlers = new EnumMap<>(S3Operation.class);

    OperationHandlers(S3Backend backend, Clock clock, S3Dispatcher.DispatcherSettings settings) {
        Objects.requireNonNull(backend, "backend is null");
        register(
                new BucketHandler(backend, settings.region()),
                S3Operation.LIST_BUCKETS,
                S3Operation.CREATE_BUCKET,
                S3Operation.HEAD_BUCKET,
                S3Operation.DELETE_BUCKET,
                S3Operation.GET_BUCKET_LOCATION,
                S3Operation.GET_OBJECT_LOCK_CONFIGURATION);
        register(
                new ListObjectsHandler(backend, settings.maxKeys()),
                S3Operation.LIST_OBJECTS,
                S3Operation.LIST_OBJECTS_V2);
        register(new ObjectWriteHandler(backend, clock), S3Operation.PUT_OBJECT, S3Operation.COPY_OBJECT);
        register(new ObjectReadHandler(backend), S3Operation.GET_OBJECT, S3Operation.HEAD_OBJECT);
        register(new ObjectAttributesHandler(backend), S3Operation.GET_OBJECT_ATTRIBUTES);
        register(new PostObjectHandler(backend, clock), S3Operation.POST_OBJECT);
        register(new ObjectDeleteHandler(backend), S3Operation.DELETE_OBJECT, S3Operation.DELETE_OBJECTS);
        register(
                new MultipartHandler(backend, clock),
                S3Operation.CREATE_MULTIPART_UPLOAD,
                S3Operation.UPLOAD_PART,
                S3Operation.UPLOAD_PART_COPY,
                S3Operation.COMPLETE_MULTIPART_UPLOAD,
                S3Operation.ABORT_MULTIPART_UPLOAD);
        register(
                new VersioningHandler(backend, settings.maxKeys()),
                S3Operation.GET_BUCKET_VERSIONING,
                S3Operation.PUT_BUCKET_VERSIONING,
                S3Operation.LIST_OBJECT_VERSIONS);
        register(new MultipartListHandler(backend), S3Operation.LIST_PARTS, S3Operation.LIST_MULTIPART_UPLOADS);
        register(
                new TaggingHandler(backend),
                S3Operation.GET_OBJECT_TAGGING,
                S3Operation.PUT_OBJECT_TAGGING,
                S3Operation.DELETE_OBJECT_TAGGING);
        register(
                new AclHandler(backend),
                S3Operation.GET_BUCKET_ACL,
                S3Operation.PUT_BUCKET_ACL,
                S3Operation.GET_OBJECT_ACL,
                S3Operation.PUT_OBJECT_ACL);
        register(
                new BucketPolicyHandler(backend),
                S3Operation.GET_BUCKET_POLICY,
                S3Operation.PUT_BUCKET_POLICY,
                S3Operation.DELETE_BUCKET_POLICY,
                S3Operation.GET_BUCKET_POLICY_STATUS);
        register(
                new BucketCorsHandler(backend),
                S3Operation.GET_BUCKET_CORS,
                S3Operation.PUT_BUCKET_CORS,
                S3Operation.DELETE_BUCKET_CORS);
        register(new PreflightHandler(backend), S3Operation.PREFLIGHT);
        register(
                new BucketTaggingHandler(backend),
                S3Operation.GET_BUCKET_TAGGING,
                S3Operation.PUT_BUCKET_TAGGING,
                S3Operation.DELETE_BUCKET_TAGGING);
        register(
                new LifecycleHandler(backend),
                S3Operation.GET_BUCKET_LIFECYCLE,
                S3Operation.PUT_BUCKET_LIFECYCLE,
                S3Operation.DELETE_BUCKET_LIFECYCLE);
    }

    private void register(OperationHandler handler, S3Operation... operations) {
        for (S3Operation operation : operations) {
            handlers.put(operation, handler);
        }
    }

    /** The handler of a supported operation. */
    OperationHandler of(S3Operation operation) {
        OperationHandler handler = handlers.get(operation);
        if (handler == null) {
            throw new IllegalArgumentException("no handler for " + operation);
        }
        return handler;
    }
}
