package dev.o3.s3gateway.handler;

import dev.o3.common.acl.Acl;
import dev.o3.s3gateway.acl.CannedAcls;
import dev.o3.s3gateway.auth.PostPolicyAuthenticator;
import dev.o3.s3gateway.backend.DataWriter;
import dev.o3.s3gateway.backend.ObjectAttributes;
import dev.o3.s3gateway.backend.Requester;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.backend.WriteConditions;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.xml.PostDocuments;
import dev.o3.s3gateway.xml.S3Xml;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.apache.commons.fileupload.FileItemIterator;
import org.apache.commons.fileupload.FileItemStream;
import org.apache.commons.fileupload.FileUpload;
import org.apache.commons.fileupload.FileUploadException;
import org.apache.commons.fileupload.UploadContext;

/**
 * PostObject, the browser form upload ({@code POST /bucket} with {@code multipart/form-data}): the form fields come
 * first, then the {@code file} field whose data is streamed into the new object without being held in memory
 * (commons-fileupload's streaming parser over the request body); fields after the file are ignored, as in S3. A form
 * with a {@code policy} is checked against it and acts as the user whose key signed it (SigV4 or SigV2); a form
 * without one is anonymous and may only write where the bucket's ACL lets anyone write. Thread-safe.
 */
final class PostObjectHandler implements OperationHandler {
    private static final int MAX_FIELD_BYTES = 20 * 1024;
    private static final String FILENAME_VARIABLE = "${filename}";

    private final S3Backend backend;
    private final PostPolicyAuthenticator authenticator;
    private final Clock clock;

    PostObjectHandler(S3Backend backend, Clock clock) {
        this.backend = Objects.requireNonNull(backend, "backend is null");
        this.authenticator = new PostPolicyAuthenticator(backend.secrets());
        this.clock = Objects.requireNonNull(clock, "clock is null");
    }

    @Override
    public void handle(S3Operation operation, S3Call call) {
        Map<String, String> fields = new LinkedHashMap<>();
        try (InputStream body = new BodyInputStream(call.body())) {
            FileUpload parser = new FileUpload();
            parser.setHeaderEncoding(StandardCharsets.UTF_8.name());
            FileItemIterator items = parser.getItemIterator(new FormContext(call, body));
            while (items.hasNext()) {
                FileItemStream item = items.next();
                String name = item.getFieldName().toLowerCase(Locale.ROOT);
                if (name.equals("file")) {
                    store(call, fields, item);
                    call.body().drain();
                    return;
                }
                try (InputStream value = item.openStream()) {
                    fields.putIfAbsent(name, readField(value));
                }
            }
        } catch (FileUploadException e) {
            throw new S3Exception(
                    S3ErrorCode.MALFORMED_POST_REQUEST, S3ErrorCode.MALFORMED_POST_REQUEST.defaultMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("reading the POST form failed", e);
        }
        throw new S3Exception(S3ErrorCode.INCORRECT_NUMBER_OF_FILES_IN_POST_REQUEST);
    }

    private void store(S3Call call, Map<String, String> fields, FileItemStream file) throws IOException {
        String bucket = call.bucket();
        String key = required(fields, "key").replace(FILENAME_VARIABLE, file.getName() == null ? "" : file.getName());
        ObjectHeaders.checkKey(key);
        Map<String, String> checked = new LinkedHashMap<>(fields);
        checked.put("key", key);
        checked.put("bucket", bucket);
        Requester requester = Requester.ANONYMOUS;
        PostPolicy policy = null;
        String encodedPolicy = fields.get("policy");
        if (encodedPolicy != null && !encodedPolicy.isEmpty()) {
            policy = PostPolicy.parse(encodedPolicy);
            requester = Requester.of(
                    authenticator.authenticate(encodedPolicy, fields).user());
            policy.check(checked, clock.instant());
        }
        Acl acl = fields.containsKey("acl")
                ? Acl.of(CannedAcls.parse(fields.get("acl").trim()))
                : Acl.PRIVATE;
        DataWriter writer =
                backend.objects(requester).create(bucket, key, attributes(fields), acl, -1, WriteConditions.NONE);
        long maxLength = policy == null ? Long.MAX_VALUE : policy.maxLength();
        String etag;
        try (InputStream data = file.openStream()) {
            PostPolicy lengthPolicy = policy;
            etag = DataPump.commitUnsized(data, writer, maxLength, length -> {
                if (lengthPolicy != null) {
                    lengthPolicy.checkLength(length);
                }
            });
        }
        respond(call, fields, bucket, key, etag);
    }

    private static ObjectAttributes attributes(Map<String, String> fields) {
        Map<String, String> metadata = new LinkedHashMap<>();
        Map<String, String> contentHeaders = new LinkedHashMap<>();
        fields.forEach((name, value) -> {
            if (name.startsWith(ObjectHeaders.META_PREFIX)) {
                metadata.put(name.substring(ObjectHeaders.META_PREFIX.length()), value);
            } else if (ObjectAttributes.CONTENT_HEADERS.contains(name)) {
                contentHeaders.put(name, value);
            }
        });
        String contentType = fields.getOrDefault("content-type", ObjectAttributes.DEFAULT_CONTENT_TYPE);
        return new ObjectAttributes(contentType, metadata, Map.of(), contentHeaders);
    }

    private static void respond(S3Call call, Map<String, String> fields, String bucket, String key, String etag) {
        String quotedEtag = ObjectHeaders.quotedEtag(etag);
        String location = "http://" + call.request().header("host").orElse("localhost") + "/" + bucket + "/"
                + URLEncoder.encode(key, StandardCharsets.UTF_8)
                        .replace("+", "%20")
                        .replace("%2F", "/");
        HttpHeaders headers = call.headers().set(HttpHeaderNames.ETAG, quotedEtag);
        String redirect = fields.getOrDefault("success_action_redirect", fields.get("redirect"));
        if (redirect != null && !redirect.isEmpty()) {
            String query = "bucket=" + encode(bucket) + "&key=" + encode(key) + "&etag=" + encode(quotedEtag);
            headers.set(HttpHeaderNames.LOCATION, redirect + (redirect.contains("?") ? "&" : "?") + query);
            call.sendEmpty(HttpResponseStatus.SEE_OTHER, headers);
            return;
        }
        headers.set(HttpHeaderNames.LOCATION, location);
        switch (fields.getOrDefault("success_action_status", "204")) {
            case "200" -> call.sendEmpty(HttpResponseStatus.OK, headers);
            case "201" -> call.responder()
                    .send(
                            HttpResponseStatus.CREATED,
                            headers.set(HttpHeaderNames.CONTENT_TYPE, "application/xml"),
                            Unpooled.wrappedBuffer(
                                    S3Xml.write(new PostDocuments.PostResponse(location, bucket, key, quotedEtag))));
            default -> call.sendEmpty(HttpResponseStatus.NO_CONTENT, headers);
        }
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    private static String readField(InputStream value) throws IOException {
        byte[] bytes = value.readNBytes(MAX_FIELD_BYTES + 1);
        if (bytes.length > MAX_FIELD_BYTES) {
            throw new S3Exception(
                    S3ErrorCode.MALFORMED_POST_REQUEST, "A form field exceeds " + MAX_FIELD_BYTES + " bytes");
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static String required(Map<String, String> fields, String name) {
        String value = fields.get(name);
        if (value == null) {
            throw new S3Exception(
                    S3ErrorCode.INVALID_ARGUMENT,
                    "Bucket POST must contain a field named '" + name + "'.  If it is specified, please check the"
                            + " order of the fields.");
        }
        return value;
    }

    /** The request as commons-fileupload reads it: its content type, declared length and body stream. */
    private static final class FormContext implements UploadContext {
        private final S3Call call;
        private final InputStream body;

        FormContext(S3Call call, InputStream body) {
            this.call = call;
            this.body = body;
        }

        @Override
        public String getCharacterEncoding() {
            return StandardCharsets.UTF_8.name();
        }

        @Override
        public String getContentType() {
            return call.request().header("content-type").orElse("");
        }

        /** The old int form of {@link #contentLength()}, still part of the interface. */
        @Override
        @Deprecated
        @SuppressWarnings("InlineMeSuggester")
        public int getContentLength() {
            return (int) Math.min(Integer.MAX_VALUE, contentLength());
        }

        @Override
        public long contentLength() {
            return call.body().expectedLength();
        }

        @Override
        public InputStream getInputStream() {
            return body;
        }
    }
}
