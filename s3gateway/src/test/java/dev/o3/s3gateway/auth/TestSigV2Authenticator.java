package dev.o3.s3gateway.auth;

import static dev.o3.s3gateway.auth.TestSigV4Authenticator.ACCESS_KEY;
import static dev.o3.s3gateway.auth.TestSigV4Authenticator.SECRET;
import static dev.o3.s3gateway.auth.TestSigV4Authenticator.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.s3gateway.backend.InMemoryS3Backend;
import dev.o3.s3gateway.backend.Requester;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** SigV2 against the examples of the AWS S3 developer guide ("Signing and authenticating REST requests"). */
class TestSigV2Authenticator {
    private static final Instant EXAMPLE_TIME = Instant.parse("2007-03-27T19:36:42Z");
    private static final String EXAMPLE_DATE = "Tue, 27 Mar 2007 19:36:42 +0000";
    private static final String PUPPY = "/johnsmith/photos/puppy.jpg";

    private static SigV2Authenticator authenticator(Instant now) {
        InMemoryS3Backend backend =
                new InMemoryS3Backend(Clock.systemUTC()).withCredentials(ACCESS_KEY, SECRET, "alice");
        return new SigV2Authenticator(backend.secrets(), Clock.fixed(now, ZoneOffset.UTC), Duration.ofMinutes(15));
    }

    private static SignableRequest headerSigned(String authorization, String date) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("host", "johnsmith.s3.amazonaws.com");
        headers.put("date", date);
        headers.put("authorization", authorization);
        return request("GET", "/photos/puppy.jpg", "", headers);
    }

    @Test
    void acceptsTheObjectGetExample() {
        SignableRequest request = headerSigned("AWS " + ACCESS_KEY + ":bWq2s1WEIj+Ydj0vQ697zp+IXMU=", EXAMPLE_DATE);

        AuthResult result = authenticator(EXAMPLE_TIME).authenticate(request, PUPPY);

        assertThat(SigV2Authenticator.isV2(request)).isTrue();
        assertThat(result.requester()).isEqualTo(Requester.of("alice"));
        assertThat(result.payloadHash()).isEqualTo(SigV4.UNSIGNED_PAYLOAD);
        assertThat(result.chunkSigner()).isEmpty();
    }

    @Test
    void acceptsTheQueryStringExampleUntilItExpires() {
        SignableRequest request = request(
                "GET",
                "/photos/puppy.jpg",
                "AWSAccessKeyId=" + ACCESS_KEY + "&Expires=1175139620&Signature=NpgCjnDzrM%2BWFzoENXmpNDUsSn8%3D",
                Map.of("host", "johnsmith.s3.amazonaws.com"));

        assertThat(authenticator(EXAMPLE_TIME).authenticate(request, PUPPY).requester())
                .isEqualTo(Requester.of("alice"));
        assertThatThrownBy(
                        () -> authenticator(Instant.ofEpochSecond(1175139621)).authenticate(request, PUPPY))
                .isInstanceOfSatisfying(S3Exception.class, e -> {
                    assertThat(e.code()).isEqualTo(S3ErrorCode.ACCESS_DENIED);
                    assertThat(e.getMessage()).contains("Request has expired");
                });
    }

    static Stream<Arguments> failures() {
        String good = "AWS " + ACCESS_KEY + ":bWq2s1WEIj+Ydj0vQ697zp+IXMU=";
        return Stream.of(
                Arguments.of(
                        "wrong signature",
                        headerSigned("AWS " + ACCESS_KEY + ":AAAAs1WEIj+Ydj0vQ697zp+IXMU=", EXAMPLE_DATE),
                        S3ErrorCode.SIGNATURE_DOES_NOT_MATCH),
                Arguments.of(
                        "unknown key",
                        headerSigned("AWS nobody:bWq2s1WEIj+Ydj0vQ697zp+IXMU=", EXAMPLE_DATE),
                        S3ErrorCode.INVALID_ACCESS_KEY_ID),
                Arguments.of("no colon", headerSigned("AWS " + ACCESS_KEY, EXAMPLE_DATE), S3ErrorCode.INVALID_ARGUMENT),
                Arguments.of(
                        "an hour late",
                        headerSigned(good, "Tue, 27 Mar 2007 20:36:42 +0000"),
                        S3ErrorCode.REQUEST_TIME_TOO_SKEWED),
                Arguments.of("bad date", headerSigned(good, "yesterday"), S3ErrorCode.ACCESS_DENIED),
                Arguments.of(
                        "presigned without Signature",
                        request(
                                "GET",
                                "/photos/puppy.jpg",
                                "AWSAccessKeyId=" + ACCESS_KEY + "&Expires=1175139620",
                                Map.of()),
                        S3ErrorCode.ACCESS_DENIED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("failures")
    void answersWithTheS3Error(String name, SignableRequest request, S3ErrorCode expected) {
        assertThatThrownBy(() -> authenticator(EXAMPLE_TIME).authenticate(request, PUPPY))
                .isInstanceOfSatisfying(
                        S3Exception.class, e -> assertThat(e.code()).isEqualTo(expected));
    }

    @Test
    void signsSortedSubResourcesAndAmzHeadersButNotOtherParameters() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("content-type", "text/plain");
        headers.put("x-amz-meta-b", " two ");
        headers.put("x-amz-date", "Tue, 27 Mar 2007 21:20:26 +0000");
        headers.put("x-amz-acl", "public-read");
        SignableRequest request = request("PUT", "/b/k", "versionId=3&prefix=p&acl&uploads", headers);

        assertThat(SigV2.stringToSign(request, "/b/k", ""))
                .isEqualTo("PUT\n\ntext/plain\n\nx-amz-acl:public-read\nx-amz-date:Tue, 27 Mar 2007 21:20:26 +0000\n"
                        + "x-amz-meta-b:two\n/b/k?acl&uploads&versionId=3");
    }

    @Test
    void tellsV2FromV4AndAnonymous() {
        assertThat(SigV2Authenticator.isV2(request("GET", "/", "", Map.of()))).isFalse();
        assertThat(SigV2Authenticator.isV2(
                        request("GET", "/", "", Map.of("authorization", "AWS4-HMAC-SHA256 Credential=x"))))
                .isFalse();
        assertThat(SigV2Authenticator.isV2(request("GET", "/", "AWSAccessKeyId=k&Expires=1&Signature=s", Map.of())))
                .isTrue();
    }
}
