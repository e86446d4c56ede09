package dev.o3.s3gateway.handler;

import dev.o3.common.acl.Acl;
import dev.o3.s3gateway.acl.RequestedAcls;
import dev.o3.s3gateway.backend.AclInfo;
import dev.o3.s3gateway.backend.BucketStore;
import dev.o3.s3gateway.backend.ObjectStore;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.xml.AclDocuments;
import dev.o3.s3gateway.xml.XmlRequests;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * GetBucketAcl, PutBucketAcl, GetObjectAcl and PutObjectAcl: a PUT names a canned ACL in {@code x-amz-acl}, grants in
 * {@code x-amz-grant-*} headers or an AccessControlPolicy body ({@link RequestedAcls}); a GET shows the grants in
 * force. The bucket's owners and whom the ACL gives READ_ACP or WRITE_ACP read or change it (OM enforces it).
 * Thread-safe.
 */
final class AclHandler implements OperationHandler {
    private static final int MAX_POLICY_BYTES = 64 * 1024;

    private final S3Backend backend;

    AclHandler(S3Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        switch (operation) {
            case GET_BUCKET_ACL -> send(call, backend.buckets(call.requester()).acl(call.bucket()));
            case GET_OBJECT_ACL -> send(call, backend.objects(call.requester()).acl(call.bucket(), call.key()));
            case PUT_BUCKET_ACL -> {
                BucketStore buckets = backend.buckets(call.requester());
                Acl acl = requested(call, () -> buckets.acl(call.bucket()).owner());
                buckets.setAcl(call.bucket(), acl);
                call.sendEmpty(HttpResponseStatus.OK, call.headers());
            }
            case PUT_OBJECT_ACL -> {
                ObjectStore objects = backend.objects(call.requester());
                Acl acl = requested(
                        call, () -> objects.acl(call.bucket(), call.key()).owner());
                objects.setAcl(call.bucket(), call.key(), acl);
                call.sendEmpty(HttpResponseStatus.OK, call.headers());
            }
            default -> throw new IllegalArgumentException("not an ACL operation: " + operation);
        }
    }

    private static void send(S3Call call, AclInfo info) {
        call.sendXml(AclDocuments.AccessControlPolicy.of(info.owner(), info.grants()));
    }

    /** The ACL of the headers or of the body; the owner is looked up only for a body. */
    private static Acl requested(S3Call call, Supplier<String> owner) {
        Optional<Acl> header = RequestedAcls.fromHeaders(call.request());
        byte[] body = call.readSmallBody(MAX_POLICY_BYTES);
        if (header.isPresent()) {
            if (body.length > 0) {
                throw new S3Exception(
                        S3ErrorCode.INVALID_REQUEST,
                        "Send either x-amz-acl or x-amz-grant-* headers or an AccessControlPolicy, not both");
            }
            return header.get();
        }
        XmlRequests.AclRequest policy = XmlRequests.accessControlPolicy(body);
        return RequestedAcls.fromPolicy(policy.ownerId(), policy.grants(), owner.get());
    }
}
