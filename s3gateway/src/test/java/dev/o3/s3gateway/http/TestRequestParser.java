package dev.o3.s3gateway.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Path-style and virtual-host-style addressing and S3's percent-decoding. */
class TestRequestParser {
    private final RequestParser parser = new RequestParser(List.of("s3.example.com"));

    private static HttpRequest get(String uri, String host) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, uri);
        request.headers().set("Host", host);
        return request;
    }

    @Test
    void parsesPathStyle() {
        S3Request request = parser.parse(get("/bucket/dir/a%20b%2Bc+d.txt?list-type=2&prefix=a%2Fb", "localhost:9878"));

        assertThat(request.bucket()).contains("bucket");
        assertThat(request.key()).contains("dir/a b+c+d.txt");
        assertThat(request.query("prefix")).contains("a/b");
        assertThat(request.query("list-type")).contains("2");
        assertThat(request.resource()).isEqualTo("/bucket/dir/a b+c+d.txt");
    }

    @Test
    void parsesServiceAndBucketRequests() {
        assertThat(parser.parse(get("/", "localhost")).bucket()).isEmpty();
        S3Request bucket = parser.parse(get("/bucket?uploads", "localhost"));
        assertThat(bucket.bucket()).contains("bucket");
        assertThat(bucket.key()).isEmpty();
        assertThat(bucket.hasQuery("uploads")).isTrue();
        assertThat(parser.parse(get("/bucket/", "localhost")).key()).isEmpty();
    }

    @Test
    void parsesVirtualHostStyle() {
        S3Request object = parser.parse(get("/dir/key", "my-bucket.s3.example.com:9878"));
        S3Request bucket = parser.parse(get("/?location", "my-bucket.s3.example.com"));

        assertThat(object.bucket()).contains("my-bucket");
        assertThat(object.key()).contains("dir/key");
        assertThat(bucket.bucket()).contains("my-bucket");
        assertThat(bucket.key()).isEqualTo(Optional.empty());
        assertThat(parser.parse(get("/other/key", "s3.example.com")).bucket()).contains("other");
    }

    @Test
    void keepsThePathAsSentForSigV2() {
        assertThat(parser.parse(get("/bucket/a%20b%2Bc?acl", "localhost")).v2ResourcePath())
                .isEqualTo("/bucket/a%20b%2Bc");
        assertThat(parser.parse(get("/bucket", "localhost")).v2ResourcePath()).isEqualTo("/bucket/");
        assertThat(parser.parse(get("/bucket/", "localhost")).v2ResourcePath()).isEqualTo("/bucket/");
        assertThat(parser.parse(get("/", "localhost")).v2ResourcePath()).isEqualTo("/");
        assertThat(parser.parse(get("/dir/key", "my-bucket.s3.example.com")).v2ResourcePath())
                .isEqualTo("/my-bucket/dir/key");
        assertThat(parser.parse(get("/", "my-bucket.s3.example.com")).v2ResourcePath())
                .isEqualTo("/my-bucket/");
    }

    @Test
    void decodesMultiByteCharacters() {
        assertThat(parser.parse(get("/b/%E2%82%AC%F0%9F%98%80", "h")).key()).contains("\u20ac\ud83d\ude00");
        assertThat(RequestParser.decode("\u20ac%20x")).isEqualTo("\u20ac x");
    }
}
