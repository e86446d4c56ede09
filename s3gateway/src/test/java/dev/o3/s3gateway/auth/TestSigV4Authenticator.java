package dev.o3.s3gateway.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.s3gateway.backend.InMemoryS3Backend;
import dev.o3.s3gateway.backend.Requester;
import dev.o3.s3gateway.backend.S3Credentials;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** SigV4 against the examples of the AWS S3 API reference (header auth and presigned URL). */
class TestSigV4Authenticator {
    static final String ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE";
    static final String SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
    static final Instant EXAMPLE_TIME = Instant.parse("2013-05-24T00:00:00Z");
    private static final String CREDENTIAL = "Credential=" + ACCESS_KEY + "/20130524/us-east-1/s3/aws4_request";

    static SigV4Authenticator authenticator(Instant now) {
        InMemoryS3Backend backend =
                new InMemoryS3Backend(Clock.systemUTC()).withCredentials(ACCESS_KEY, SECRET, "alice");
        return new SigV4Authenticator(backend.secrets(), Clock.fixed(now, ZoneOffset.UTC), Duration.ofMinutes(15));
    }

    static SignableRequest request(String method, String path, String query, Map<String, String> headers) {
        List<Map.Entry<String, String>> params = new ArrayList<>();
        if (!query.isEmpty()) {
            for (String pair : query.split("&", -1)) {
                int eq = pair.indexOf('=');
                params.add(new AbstractMap.SimpleImmutableEntry<>(
                        decode(eq < 0 ? pair : pair.substring(0, eq)), eq < 0 ? "" : decode(pair.substring(eq + 1))));
            }
        }
        Map<String, List<String>> headerMap = new LinkedHashMap<>();
        headers.forEach((name, value) -> headerMap.put(name, List.of(value)));
        return new SignableRequest(method, path, params, headerMap);
    }

    private static String decode(String text) {
        return java.net.URLDecoder.decode(text, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static Map<String, String> getObjectHeaders(String signature) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("host", "examplebucket.s3.amazonaws.com");
        headers.put("range", "bytes=0-9");
        headers.put("x-amz-content-sha256", SigV4.EMPTY_SHA256);
        headers.put("x-amz-date", "20130524T000000Z");
        headers.put(
                "authorization",
                "AWS4-HMAC-SHA256 " + CREDENTIAL + ",SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,"
                        + "Signature=" + signature);
        return headers;
    }

    @Test
    void acceptsTheGetObjectExample() {
        SignableRequest request = request(
                "GET",
                "/test.txt",
                "",
                getObjectHeaders("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"));

        AuthResult result = authenticator(EXAMPLE_TIME).authenticate(request);

        assertThat(result.requester()).isEqualTo(Requester.of("alice"));
        assertThat(result.payloadHash()).isEqualTo(SigV4.EMPTY_SHA256);
    }

    @Test
    void acceptsThePutObjectExampleWithAnEncodedPath() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("host", "examplebucket.s3.amazonaws.com");
        headers.put("date", "Fri, 24 May 2013 00:00:00 GMT");
        headers.put("x-amz-date", "20130524T000000Z");
        headers.put("x-amz-storage-class", "REDUCED_REDUNDANCY");
        headers.put("x-amz-content-sha256", "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
        headers.put(
                "authorization",
                "AWS4-HMAC-SHA256 " + CREDENTIAL
                        + ",SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,"
                        + "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");

        AuthResult result = authenticator(EXAMPLE_TIME).authenticate(request("PUT", "/test$file.text", "", headers));

        assertThat(result.credentials()).map(S3Credentials::accessKeyId).contains(ACCESS_KEY);
    }

    @Test
    void acceptsTheListObjectsExampleWithAQuery() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("host", "examplebucket.s3.amazonaws.com");
        headers.put("x-amz-date", "20130524T000000Z");
        headers.put("x-amz-content-sha256", SigV4.EMPTY_SHA256);
        headers.put(
                "authorization",
                "AWS4-HMAC-SHA256 " + CREDENTIAL + ",SignedHeaders=host;x-amz-content-sha256;x-amz-date,"
                        + "Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7");

        AuthResult result =
                authenticator(EXAMPLE_TIME).authenticate(request("GET", "/", "max-keys=2&prefix=J", headers));

        assertThat(result.requester()).isEqualTo(Requester.of("alice"));
    }

    @Test
    void acceptsThePresignedUrlExampleUntilItExpires() {
        String query = "X-Amz-Algorithm=AWS4-HMAC-SHA256"
                + "&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request"
                + "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host"
                + "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404";
        SignableRequest request = request("GET", "/test.txt", query, Map.of("host", "examplebucket.s3.amazonaws.com"));

        assertThat(authenticator(EXAMPLE_TIME.plusSeconds(3600))
                        .authenticate(request)
                        .payloadHash())
                .isEqualTo(SigV4.UNSIGNED_PAYLOAD);
        assertThatThrownBy(() -> authenticator(EXAMPLE_TIME.plusSeconds(86401)).authenticate(request))
                .isInstanceOf(S3Exception.class)
                .extracting(e -> ((S3Exception) e).code())
                .isEqualTo(S3ErrorCode.ACCESS_DENIED);
    }

    @Test
    void rejectsAWrongSignature() {
        SignableRequest request = request(
                "GET",
                "/test.txt",
                "",
                getObjectHeaders("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb42"));

        assertCode(() -> authenticator(EXAMPLE_TIME).authenticate(request), S3ErrorCode.SIGNATURE_DOES_NOT_MATCH);
    }

    @Test
    void rejectsAClockSkewBeyondTheLimit() {
        SignableRequest request = request(
                "GET",
                "/test.txt",
                "",
                getObjectHeaders("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"));

        assertCode(
                () -> authenticator(EXAMPLE_TIME.plus(Duration.ofMinutes(16))).authenticate(request),
                S3ErrorCode.REQUEST_TIME_TOO_SKEWED);
    }

    @Test
    void passesUnsignedRequestsAsAnonymous() {
        AuthResult plain =
                authenticator(EXAMPLE_TIME).authenticate(request("GET", "/b/k", "", Map.of("host", "localhost")));
        AuthResult hashed = authenticator(EXAMPLE_TIME)
                .authenticate(request(
                        "PUT", "/b/k", "", Map.of("host", "localhost", "x-amz-content-sha256", SigV4.EMPTY_SHA256)));

        assertThat(plain.requester()).isEqualTo(Requester.ANONYMOUS);
        assertThat(plain.credentials()).isEmpty();
        assertThat(plain.chunkSigner()).isEmpty();
        assertThat(plain.payloadHash()).isEqualTo(SigV4.UNSIGNED_PAYLOAD);
        assertThat(hashed.payloadHash()).isEqualTo(SigV4.EMPTY_SHA256);
    }

    @Test
    void rejectsUnknownKeys() {
        Map<String, String> headers = new LinkedHashMap<>(
                getObjectHeaders("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"));
        headers.put("authorization", headers.get("authorization").replace(ACCESS_KEY, "UNKNOWN"));
        assertCode(
                () -> authenticator(EXAMPLE_TIME).authenticate(request("GET", "/test.txt", "", headers)),
                S3ErrorCode.INVALID_ACCESS_KEY_ID);
    }

    static void assertCode(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, S3ErrorCode code) {
        assertThatThrownBy(call)
                .isInstanceOf(S3Exception.class)
                .extracting(e -> ((S3Exception) e).code())
                .isEqualTo(code);
    }
}
