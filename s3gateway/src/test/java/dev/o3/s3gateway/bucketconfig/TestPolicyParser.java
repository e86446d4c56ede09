package dev.o3.s3gateway.bucketconfig;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.proto.om.BucketPolicy;
import dev.o3.proto.om.PolicyStatement;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bucket policy JSON as S3 accepts and refuses it. */
class TestPolicyParser {
    @Test
    void readsStatementsWithPrincipalsActionsResourcesAndConditions() {
        String json =
                """
                {"Version": "2012-10-17", "Id": "p", "Statement": [
                  {"Sid": "read", "Effect": "Allow", "Principal": "*", "Action": "s3:GetObject",
                   "Resource": "arn:aws:s3:::photos/*",
                   "Condition": {"IpAddress": {"aws:SourceIp": ["10.0.0.0/8", "192.0.2.1"]}}},
                  {"Effect": "Deny", "Principal": {"AWS": ["arn:aws:iam::1:user/bob", "carol"]},
                   "NotAction": ["s3:Get*", "s3:List*"], "NotResource": "arn:aws:s3:::photos/public/*"}
                ]}""";

        BucketPolicy policy = PolicyParser.parse(json, "photos");

        assertThat(policy.getText()).isEqualTo(json);
        PolicyStatement read = policy.getStatements(0);
        assertThat(read.getSid()).isEqualTo("read");
        assertThat(read.getDeny()).isFalse();
        assertThat(read.getPrincipalsList()).containsExactly("*");
        assertThat(read.getActionsList()).containsExactly("s3:GetObject");
        assertThat(read.getConditions(0).getOperator()).isEqualTo("IpAddress");
        assertThat(read.getConditions(0).getKey()).isEqualTo("aws:sourceip");
        assertThat(read.getConditions(0).getValuesList()).containsExactly("10.0.0.0/8", "192.0.2.1");
        PolicyStatement deny = policy.getStatements(1);
        assertThat(deny.getDeny()).isTrue();
        assertThat(deny.getPrincipalsList()).containsExactly("arn:aws:iam::1:user/bob", "carol");
        assertThat(deny.getNotAction()).isTrue();
        assertThat(deny.getNotResource()).isTrue();
        assertThat(PolicyStatus.isPublic(policy))
                .as("the public statement has a condition")
                .isFalse();
        String unconditional = "{\"Statement\": {\"Effect\": \"Allow\", \"Principal\": {\"AWS\": \"*\"},"
                + " \"Action\": \"s3:GetObject\", \"Resource\": \"arn:aws:s3:::photos/*\"}}";
        assertThat(PolicyStatus.isPublic(PolicyParser.parse(unconditional, "photos")))
                .isTrue();
    }

    private static final String ALLOW = "\"Effect\": \"Allow\", ";
    private static final String ANYONE = "\"Principal\": \"*\", ";

    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of("not json", "Policies must be valid JSON"),
                Arguments.of("[1]", "Policies must be valid JSON"),
                Arguments.of("{\"Version\": \"2020-01-01\", \"Statement\": []}", "Invalid policy version"),
                Arguments.of("{\"Version\": \"2012-10-17\"}", "Missing required field Statement"),
                Arguments.of("{\"Statement\": []}", "Statement must not be empty"),
                Arguments.of(
                        statement("\"Principal\": \"*\", \"Action\": \"s3:*\", \"Resource\": \"*\""),
                        "Missing required field Effect"),
                Arguments.of(
                        statement("\"Effect\": \"Maybe\", " + ANYONE + "\"Action\": \"s3:*\", \"Resource\": \"*\""),
                        "Invalid effect"),
                Arguments.of(
                        statement(ALLOW + "\"Action\": \"s3:*\", \"Resource\": \"*\""),
                        "Missing required field Principal"),
                Arguments.of(
                        statement(ALLOW + "\"Principal\": \"bob\", \"Action\": \"s3:*\", \"Resource\": \"*\""),
                        "Invalid principal"),
                Arguments.of(
                        statement(ALLOW
                                + "\"Principal\": {\"Service\": \"x\"}, \"Action\": \"s3:*\", \"Resource\": \"*\""),
                        "Invalid principal"),
                Arguments.of(
                        statement(ALLOW + "\"NotPrincipal\": \"*\", \"Action\": \"s3:*\", \"Resource\": \"*\""),
                        "NotPrincipal is not supported"),
                Arguments.of(statement(ALLOW + ANYONE + "\"Resource\": \"*\""), "either Action or NotAction"),
                Arguments.of(
                        statement(ALLOW + ANYONE + "\"Action\": \"iam:GetUser\", \"Resource\": \"*\""),
                        "invalid action"),
                Arguments.of(
                        statement(ALLOW + ANYONE + "\"Action\": \"s3:*\", \"Resource\": \"arn:aws:s3:::other/*\""),
                        "invalid resource"),
                Arguments.of(statement(ALLOW + ANYONE + "\"Action\": \"s3:*\""), "either Resource or NotResource"),
                Arguments.of(
                        statement(ALLOW + ANYONE + "\"Action\": \"s3:*\", \"Resource\": \"*\", \"Extra\": 1"),
                        "Unknown field Extra"),
                Arguments.of(
                        statement(ALLOW + ANYONE + "\"Action\": [], \"Resource\": \"*\""), "Action must not be empty"),
                Arguments.of(
                        statement(ALLOW + ANYONE
                                + "\"Action\": \"s3:*\", \"Resource\": \"*\", \"Condition\": {\"Bool\": 1}"),
                        "must map keys to values"));
    }

    private static String statement(String fields) {
        return "{\"Statement\": {" + fields + "}}";
    }

    @ParameterizedTest
    @MethodSource("malformed")
    void refusesWhatS3RefusesAsMalformedPolicy(String json, String message) {
        assertThatThrownBy(() -> PolicyParser.parse(json, "photos")).isInstanceOfSatisfying(S3Exception.class, e -> {
            assertThat(e.code()).isEqualTo(S3ErrorCode.MALFORMED_POLICY);
            assertThat(e.getMessage()).contains(message);
        });
    }
}
