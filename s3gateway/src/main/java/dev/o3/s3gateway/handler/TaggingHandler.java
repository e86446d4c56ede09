package dev.o3.s3gateway.handler;

import dev.o3.s3gateway.backend.ObjectStore;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.xml.ObjectDocuments;
import dev.o3.s3gateway.xml.XmlRequests;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/** GetObjectTagging, PutObjectTagging and DeleteObjectTagging. Thread-safe. */
final class TaggingHandler implements OperationHandler {
    private static final int MAX_BODY = 64 * 1024;

    private final S3Backend backend;

    TaggingHandler(S3Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        ObjectStore objects = backend.objects(call.requester());
        switch (operation) {
            case GET_OBJECT_TAGGING -> {
                Map<String, String> tags = new TreeMap<>(
                        objects.info(call.bucket(), call.key()).attributes().tags());
                call.sendXml(new ObjectDocuments.Tagging(tags.entrySet().stream()
                        .map(tag -> new ObjectDocuments.Tag(tag.getKey(), tag.getValue()))
                        .toList()));
            }
            case PUT_OBJECT_TAGGING -> {
                Map<String, String> tags = ObjectHeaders.checkTags(XmlRequests.tags(call.readSmallBody(MAX_BODY)));
                objects.setTags(call.bucket(), call.key(), tags);
                call.sendEmpty(HttpResponseStatus.OK, call.headers());
            }
            case DELETE_OBJECT_TAGGING -> {
                objects.setTags(call.bucket(), call.key(), Map.of());
                call.sendEmpty(HttpResponseStatus.NO_CONTENT, call.headers());
            }
            default -> throw new IllegalArgumentException("not a tagging operation: " + operation);
        }
    }
}
