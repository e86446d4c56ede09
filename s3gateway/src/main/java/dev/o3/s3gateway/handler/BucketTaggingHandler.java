package dev.o3.s3gateway.handler;

import dev.o3.proto.hdds.KeyValue;
import dev.o3.proto.om.BucketConfig;
import dev.o3.proto.om.BucketConfigPart;
import dev.o3.proto.om.BucketTagSet;
import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;
import dev.o3.s3gateway.backend.BucketConfigStore;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.xml.ObjectDocuments;
import dev.o3.s3gateway.xml.XmlRequests;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Map;
import java.util.Objects;

/**
 * GetBucketTagging, PutBucketTagging and DeleteBucketTagging. OM checks S3's limits (50 tags, keys of 1-128 and
 * values of up to 256 characters, no {@code aws:} keys), refused as InvalidTag. Thread-safe.
 */
final class BucketTaggingHandler implements OperationHandler {
    private static final int MAX_BODY = 64 * 1024;

    private final S3Backend backend;

    BucketTaggingHandler(S3Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        BucketConfigStore configs = backend.configs(call.requester());
        switch (operation) {
            case GET_BUCKET_TAGGING -> {
                BucketConfig config = configs.get(call.bucket(), BucketConfigPart.BUCKET_CONFIG_TAGS);
                if (!config.hasTags()) {
                    throw new S3Exception(S3ErrorCode.NO_SUCH_TAG_SET);
                }
                call.sendXml(new ObjectDocuments.Tagging(config.getTags().getTagsList().stream()
                        .map(tag -> new ObjectDocuments.Tag(tag.getKey(), tag.getValue()))
                        .toList()));
            }
            case PUT_BUCKET_TAGGING -> {
                BucketTagSet.Builder tags = BucketTagSet.newBuilder();
                for (Map.Entry<String, String> tag :
                        XmlRequests.tags(call.readSmallBody(MAX_BODY)).entrySet()) {
                    tags.addTags(KeyValue.newBuilder().setKey(tag.getKey()).setValue(tag.getValue()));
                }
                try {
                    configs.setTags(call.bucket(), tags.build());
                } catch (BackendException e) {
                    if (e.status() == BackendStatus.INVALID_REQUEST) {
                        throw new S3Exception(S3ErrorCode.INVALID_TAG, e.getMessage(), e);
                    }
                    throw e;
                }
                call.sendEmpty(HttpResponseStatus.NO_CONTENT, call.headers());
            }
            case DELETE_BUCKET_TAGGING -> {
                configs.remove(call.bucket(), BucketConfigPart.BUCKET_CONFIG_TAGS);
                call.sendEmpty(HttpResponseStatus.NO_CONTENT, call.headers());
            }
            default -> throw new IllegalArgumentException("not a bucket tagging operation: " + operation);
        }
    }
}
