package dev.o3.s3gateway.handler;

import dev.o3.common.acl.Acl;
import dev.o3.s3gateway.acl.RequestedAcls;
import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;
import dev.o3.s3gateway.backend.BucketStore;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.xml.BucketDocuments;
import dev.o3.s3gateway.xml.S3Xml;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.List;
import java.util.Objects;

/**
 * ListBuckets, CreateBucket, HeadBucket, DeleteBucket, GetBucketLocation and GetObjectLockConfiguration (O3 has no
 * object lock, so every existing bucket answers ObjectLockConfigurationNotFoundError, as S3 does for a bucket created
 * without it; benchmarks such as warp ask before they write). Thread-safe.
 */
final class BucketHandler implements OperationHandler {
    private static final int MAX_CONFIGURATION_BYTES = 64 * 1024;
    private static final String OBJECT_LOCK_ENABLED = "x-amz-bucket-object-lock-enabled";

    private final S3Backend backend;
    private final String region;

    BucketHandler(S3Backend backend, String region) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
        this.region = Objects.requireNonNull(region, "region is null");
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        BucketStore buckets = backend.buckets(call.requester());
        switch (operation) {
            case LIST_BUCKETS -> {
                List<BucketDocuments.Bucket> owned = buckets.list().stream()
                        .map(bucket ->
                                new BucketDocuments.Bucket(bucket.name(), S3Xml.timestamp(bucket.creationTime())))
                        .toList();
                call.sendXml(new BucketDocuments.ListAllMyBucketsResult(
                        BucketDocuments.Owner.of(call.requester().displayName()), owned));
            }
            case CREATE_BUCKET -> create(call, buckets);
            case HEAD_BUCKET -> {
                buckets.info(call.bucket());
                call.sendEmpty(HttpResponseStatus.OK, call.headers().set("x-amz-bucket-region", region));
            }
            case DELETE_BUCKET -> {
                buckets.delete(call.bucket());
                call.sendEmpty(HttpResponseStatus.NO_CONTENT, call.headers());
            }
            case GET_BUCKET_LOCATION -> {
                buckets.info(call.bucket());
                call.sendXml(new BucketDocuments.LocationConstraint(region.equals("us-east-1") ? "" : region));
            }
            case GET_OBJECT_LOCK_CONFIGURATION -> {
                buckets.info(call.bucket());
                throw new S3Exception(S3ErrorCode.OBJECT_LOCK_CONFIGURATION_NOT_FOUND);
            }
            default -> throw new IllegalArgumentException("not a bucket operation: " + operation);
        }
    }

    private void create(S3Call call, BucketStore buckets) {
        String bucket = call.bucket();
        BucketNames.validate(bucket);
        Acl acl = RequestedAcls.fromHeaders(call.request()).orElse(Acl.PRIVATE);
        if (call.request()
                .header(OBJECT_LOCK_ENABLED)
                .filter(value -> value.equalsIgnoreCase("true"))
                .isPresent()) {
            throw new S3Exception(S3ErrorCode.NOT_IMPLEMENTED, "O3 does not implement object lock.");
        }
        call.readSmallBody(MAX_CONFIGURATION_BYTES);
        try {
            buckets.create(bucket, acl);
        } catch (BackendException e) {
            if (e.status() == BackendStatus.BUCKET_ALREADY_EXISTS && ownedByCaller(call, buckets, bucket)) {
                throw new S3Exception(S3ErrorCode.BUCKET_ALREADY_OWNED_BY_YOU, e.getMessage(), e);
            }
            throw e;
        }
        call.sendEmpty(HttpResponseStatus.OK, call.headers().set(HttpHeaderNames.LOCATION, "/" + bucket));
    }

    /** Whether the caller owns the bucket (others may read a public bucket's info, or get PERMISSION_DENIED). */
    private static boolean ownedByCaller(S3Call call, BucketStore buckets, String bucket) {
        try {
            String owner = buckets.info(bucket).owner();
            return call.requester().user().filter(owner::equals).isPresent();
        } catch (BackendException e) {
            return false;
        }
    }
}
