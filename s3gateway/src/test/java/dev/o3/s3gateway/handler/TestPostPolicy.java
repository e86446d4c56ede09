package dev.o3.s3gateway.handler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Browser POST policies: each condition form, and the S3 error of each violation. */
class TestPostPolicy {
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    private static final String POLICY =
            """
            {"expiration": "2026-01-01T00:10:00.000Z",
             "conditions": [{"bucket": "photos"}, ["starts-with", "$key", "user/"], {"acl": "public-read"},
                            ["eq", "$Content-Type", "image/png"], ["starts-with", "$x-amz-meta-tag", ""],
                            ["content-length-range", 10, 100]]}""";

    private static String base64(String json) {
        return Base64.getEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    private static Map<String, String> form() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("bucket", "photos");
        fields.put("key", "user/a.png");
        fields.put("acl", "public-read");
        fields.put("content-type", "image/png");
        fields.put("x-amz-meta-tag", "anything");
        fields.put("policy", base64(POLICY));
        fields.put("x-amz-signature", "signature fields need no condition");
        fields.put("x-ignore-me", "neither do x-ignore- fields");
        return fields;
    }

    private static Map<String, String> with(String name, String value) {
        Map<String, String> fields = form();
        fields.put(name, value);
        return fields;
    }

    @Test
    void acceptsAFormThatMeetsEveryCondition() {
        PostPolicy policy = PostPolicy.parse(base64(POLICY));

        assertThatCode(() -> policy.check(form(), NOW)).doesNotThrowAnyException();
        assertThatCode(() -> policy.checkLength(10)).doesNotThrowAnyException();
        assertThat(policy.maxLength()).isEqualTo(100);
    }

    static Stream<Arguments> violations() {
        return Stream.of(
                Arguments.of("other bucket", with("bucket", "videos"), NOW, "Policy Condition failed"),
                Arguments.of("key outside the prefix", with("key", "admin/a.png"), NOW, "[\"starts-with\", \"$key\""),
                Arguments.of("other acl", with("acl", "private"), NOW, "[\"eq\", \"$acl\", \"public-read\"]"),
                Arguments.of("other content type", with("content-type", "text/plain"), NOW, "$content-type"),
                Arguments.of("field without a condition", with("x-amz-meta-other", "1"), NOW, "Extra input fields"),
                Arguments.of("expired", form(), Instant.parse("2026-01-01T00:10:01Z"), "Policy expired"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("violations")
    void deniesAViolationAsS3Does(String name, Map<String, String> fields, Instant now, String reason) {
        PostPolicy policy = PostPolicy.parse(base64(POLICY));

        assertThatThrownBy(() -> policy.check(fields, now)).isInstanceOfSatisfying(S3Exception.class, e -> {
            assertThat(e.code()).isEqualTo(S3ErrorCode.ACCESS_DENIED);
            assertThat(e.code().httpStatus()).isEqualTo(403);
            assertThat(e.getMessage())
                    .startsWith("Invalid according to Policy: ")
                    .contains(reason);
        });
    }

    @Test
    void checksTheContentLengthRange() {
        PostPolicy policy = PostPolicy.parse(base64(POLICY));

        assertThatThrownBy(() -> policy.checkLength(101))
                .isInstanceOfSatisfying(
                        S3Exception.class, e -> assertThat(e.code()).isEqualTo(S3ErrorCode.ENTITY_TOO_LARGE));
        assertThatThrownBy(() -> policy.checkLength(9))
                .isInstanceOfSatisfying(
                        S3Exception.class, e -> assertThat(e.code()).isEqualTo(S3ErrorCode.ENTITY_TOO_SMALL));
    }

    @ParameterizedTest
    @MethodSource("malformed")
    void rejectsAMalformedPolicyAsInvalidPolicyDocument(String encoded) {
        assertThatThrownBy(() -> PostPolicy.parse(encoded)).isInstanceOfSatisfying(S3Exception.class, e -> {
            assertThat(e.code()).isEqualTo(S3ErrorCode.INVALID_POLICY_DOCUMENT);
            assertThat(e.code().httpStatus()).isEqualTo(400);
        });
    }

    static Stream<String> malformed() {
        return Stream.of(
                "not base64 !",
                base64("{not json"),
                base64("[]"),
                base64("{\"conditions\": []}"),
                base64("{\"expiration\": \"tomorrow\", \"conditions\": []}"),
                base64("{\"expiration\": \"2026-01-01T00:00:00Z\"}"),
                base64("{\"expiration\": \"2026-01-01T00:00:00Z\", \"conditions\": [[\"in\", \"$key\", \"a\"]]}"),
                base64("{\"expiration\": \"2026-01-01T00:00:00Z\", \"conditions\": [\"key\"]}"),
                base64("{\"expiration\": \"2026-01-01T00:00:00Z\","
                        + " \"conditions\": [[\"content-length-range\", \"a\", 1]]}"));
    }
}
