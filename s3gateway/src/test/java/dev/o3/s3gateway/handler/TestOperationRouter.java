package dev.o3.s3gateway.handler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.s3gateway.http.RequestParser;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which operation each request shape names. */
class TestOperationRouter {
    private final RequestParser parser = new RequestParser(List.of());
    private final OperationRouter router = new OperationRouter();

    @ParameterizedTest
    @CsvSource({
        "GET, /, LIST_BUCKETS",
        "PUT, /b, CREATE_BUCKET",
        "HEAD, /b, HEAD_BUCKET",
        "DELETE, /b, DELETE_BUCKET",
        "GET, /b?location, GET_BUCKET_LOCATION",
        "GET, /b, LIST_OBJECTS",
        "GET, /b?list-type=2&prefix=x, LIST_OBJECTS_V2",
        "GET, /b?uploads, LIST_MULTIPART_UPLOADS",
        "POST, /b?delete, DELETE_OBJECTS",
        "PUT, /b/k?x-id=PutObject, PUT_OBJECT",
        "GET, /b/k, GET_OBJECT",
        "HEAD, /b/k, HEAD_OBJECT",
        "DELETE, /b/k, DELETE_OBJECT",
        "POST, /b/k?uploads, CREATE_MULTIPART_UPLOAD",
        "PUT, /b/k?partNumber=1&uploadId=u, UPLOAD_PART",
        "POST, /b/k?uploadId=u, COMPLETE_MULTIPART_UPLOAD",
        "DELETE, /b/k?uploadId=u, ABORT_MULTIPART_UPLOAD",
        "GET, /b/k?uploadId=u, LIST_PARTS",
        "GET, /b/k?tagging, GET_OBJECT_TAGGING",
        "PUT, /b/k?tagging, PUT_OBJECT_TAGGING",
        "DELETE, /b/k?tagging, DELETE_OBJECT_TAGGING",
        "GET, /b?acl, GET_BUCKET_ACL",
        "PUT, /b?acl, PUT_BUCKET_ACL",
        "GET, /b/k?acl, GET_OBJECT_ACL",
        "PUT, /b/k?acl, PUT_OBJECT_ACL",
        "GET, /b/k?attributes, GET_OBJECT_ATTRIBUTES",
        "POST, /b, UNSUPPORTED",
        "DELETE, /b?acl, UNSUPPORTED",
        "GET, /b/k?acl&versionId=1, UNSUPPORTED",
        "PUT, /b?versioning, PUT_BUCKET_VERSIONING",
        "GET, /b?versioning, GET_BUCKET_VERSIONING",
        "DELETE, /b?versioning, UNSUPPORTED",
        "GET, /b?versions&prefix=a, LIST_OBJECT_VERSIONS",
        "GET, /b/k?versionId=v, GET_OBJECT",
        "HEAD, /b/k?versionId=v, HEAD_OBJECT",
        "DELETE, /b/k?versionId=v, DELETE_OBJECT",
        "PUT, /b/k?tagging&versionId=v, UNSUPPORTED",
        "GET, /b?tagging, GET_BUCKET_TAGGING",
        "PUT, /b?tagging, PUT_BUCKET_TAGGING",
        "DELETE, /b?tagging, DELETE_BUCKET_TAGGING",
        "GET, /b?policy, GET_BUCKET_POLICY",
        "PUT, /b?policy, PUT_BUCKET_POLICY",
        "DELETE, /b?policy, DELETE_BUCKET_POLICY",
        "GET, /b?policyStatus, GET_BUCKET_POLICY_STATUS",
        "GET, /b?object-lock, GET_OBJECT_LOCK_CONFIGURATION",
        "PUT, /b?object-lock, UNSUPPORTED",
        "GET, /b/k?object-lock, UNSUPPORTED",
        "GET, /b?cors, GET_BUCKET_CORS",
        "PUT, /b?cors, PUT_BUCKET_CORS",
        "DELETE, /b?cors, DELETE_BUCKET_CORS",
        "GET, /b?lifecycle, GET_BUCKET_LIFECYCLE",
        "PUT, /b?lifecycle, PUT_BUCKET_LIFECYCLE",
        "DELETE, /b?lifecycle, DELETE_BUCKET_LIFECYCLE",
        "OPTIONS, /b/k, PREFLIGHT",
        "OPTIONS, /b, PREFLIGHT",
        "OPTIONS, /, UNSUPPORTED",
        "GET, /b/k?policy, UNSUPPORTED",
        "GET, /b/k?torrent, UNSUPPORTED",
        "POST, /b/k?select&select-type=2, UNSUPPORTED",
        "PUT, /, UNSUPPORTED",
        "PATCH, /b/k, UNSUPPORTED"
    })
    void routes(String method, String uri, S3Operation expected) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(method), uri);

        assertThat(router.route(parser.parse(request))).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"multipart/form-data; boundary=x, POST_OBJECT", "application/octet-stream, UNSUPPORTED"})
    void routesBrowserFormUploads(String contentType, S3Operation expected) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/b");
        request.headers().set("content-type", contentType);

        assertThat(router.route(parser.parse(request))).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"PUT, /b/k, COPY_OBJECT", "PUT, /b/k?partNumber=1&uploadId=u, UPLOAD_PART_COPY"})
    void routesCopies(String method, String uri, S3Operation expected) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.valueOf(method), uri);
        request.headers().set("x-amz-copy-source", "/src/key");

        assertThat(router.route(parser.parse(request))).isEqualTo(expected);
    }
}
