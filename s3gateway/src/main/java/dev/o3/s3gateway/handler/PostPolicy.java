package dev.o3.s3gateway.handler;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The policy of a browser POST upload: its expiration and conditions ({@code {"field": "value"}} and
 * {@code ["eq", "$field", "value"]} exact matches, {@code ["starts-with", "$field", "prefix"]},
 * {@code ["content-length-range", min, max]}). A form passes when the policy has not expired, every condition holds
 * and every form field is named by a condition (signature fields, {@code policy}, {@code file} and {@code x-ignore-*}
 * excepted), as S3 checks it. Immutable.
 */
final class PostPolicy {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> UNCHECKED_FIELDS =
            Set.of("x-amz-signature", "signature", "awsaccesskeyid", "policy", "file");

    private final Instant expiration;
    private final List<Condition> conditions;
    private final long minLength;
    private final long maxLength;

    private PostPolicy(Instant expiration, List<Condition> conditions, long minLength, long maxLength) {
        this.expiration = expiration;
        this.conditions = List.copyOf(conditions);
        this.minLength = minLength;
        this.maxLength = maxLength;
    }

    /** One exact-match or prefix condition on a form field (lower-case name, without {@code $}). */
    private record Condition(String operator, String field, String value) {
        boolean holds(Map<String, String> fields) {
            String actual = fields.getOrDefault(field, "");
            return operator.equals("eq") ? actual.equals(value) : actual.startsWith(value);
        }

        String text() {
            return "[\"" + operator + "\", \"$" + field + "\", \"" + value + "\"]";
        }
    }

    /**
     * Parses the base64 JSON policy.
     *
     * @throws S3Exception InvalidPolicyDocument when it is not a well-formed policy
     */
    static PostPolicy parse(String base64) {
        JsonNode root;
        try {
            root = JSON.readTree(new String(Base64.getMimeDecoder().decode(base64), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException | JsonProcessingException e) {
            throw invalid("Invalid Policy: Invalid JSON.");
        }
        if (root == null || !root.isObject()) {
            throw invalid("Invalid Policy: Invalid JSON.");
        }
        JsonNode expiration = root.get("expiration");
        if (expiration == null || !expiration.isTextual()) {
            throw invalid("Invalid Policy: Policy missing expiration.");
        }
        Instant expires;
        try {
            expires = Instant.parse(expiration.asText());
        } catch (DateTimeParseException e) {
            throw invalid("Invalid Policy: Invalid 'expiration' value: '" + expiration.asText() + "'");
        }
        JsonNode conditions = root.get("conditions");
        if (conditions == null || !conditions.isArray()) {
            throw invalid("Invalid Policy: Policy missing conditions.");
        }
        List<Condition> parsed = new ArrayList<>();
        long min = 0;
        long max = Long.MAX_VALUE;
        for (JsonNode condition : conditions) {
            if (condition.isObject() && condition.size() == 1) {
                Map.Entry<String, JsonNode> only =
                        condition.properties().iterator().next();
                parsed.add(new Condition(
                        "eq", fieldName(only.getKey()), only.getValue().asText()));
            } else if (condition.isArray() && condition.size() == 3) {
                String operator = condition.get(0).asText().toLowerCase(Locale.ROOT);
                switch (operator) {
                    case "eq", "starts-with" -> parsed.add(new Condition(
                            operator,
                            fieldName(condition.get(1).asText()),
                            condition.get(2).asText()));
                    case "content-length-range" -> {
                        if (!condition.get(1).canConvertToLong()
                                || !condition.get(2).canConvertToLong()) {
                            throw invalid("Invalid Policy: Invalid content-length-range.");
                        }
                        min = condition.get(1).asLong();
                        max = condition.get(2).asLong();
                    }
                    default -> throw invalid("Invalid Policy: Invalid condition operator '" + operator + "'.");
                }
            } else {
                throw invalid("Invalid Policy: Invalid condition " + condition);
            }
        }
        return new PostPolicy(expires, parsed, min, max);
    }

    private static String fieldName(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.startsWith("$") ? lower.substring(1) : lower;
    }

    /**
     * Checks the form against the policy.
     *
     * @param fields the form fields by lower-case name, with {@code bucket} and the final {@code key}
     * @throws S3Exception AccessDenied "Invalid according to Policy" as S3 answers
     */
    void check(Map<String, String> fields, Instant now) {
        if (now.isAfter(expiration)) {
            throw denied("Policy expired.");
        }
        Set<String> named = new HashSet<>();
        for (Condition condition : conditions) {
            if (!condition.holds(fields)) {
                throw denied("Policy Condition failed: " + condition.text());
            }
            named.add(condition.field());
        }
        Set<String> extra = new TreeSet<>();
        for (String field : fields.keySet()) {
            if (!named.contains(field)
                    && !UNCHECKED_FIELDS.contains(field)
                    && !field.equals("bucket")
                    && !field.startsWith("x-ignore-")) {
                extra.add(field);
            }
        }
        if (!extra.isEmpty()) {
            throw denied("Extra input fields: " + String.join(", ", extra));
        }
    }

    /** The largest file the policy allows. */
    long maxLength() {
        return maxLength;
    }

    /**
     * Checks the file length against {@code content-length-range}.
     *
     * @throws S3Exception EntityTooSmall or EntityTooLarge
     */
    void checkLength(long length) {
        if (length > maxLength) {
            throw new S3Exception(S3ErrorCode.ENTITY_TOO_LARGE);
        }
        if (length < minLength) {
            throw new S3Exception(S3ErrorCode.ENTITY_TOO_SMALL);
        }
    }

    private static S3Exception denied(String reason) {
        return new S3Exception(S3ErrorCode.ACCESS_DENIED, "Invalid according to Policy: " + reason);
    }

    private static S3Exception invalid(String message) {
        return new S3Exception(S3ErrorCode.INVALID_POLICY_DOCUMENT, message);
    }
}
