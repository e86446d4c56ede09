package dev.o3.s3gateway.bucketconfig;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.o3.common.acl.Wildcards;
import dev.o3.proto.om.BucketPolicy;
import dev.o3.proto.om.PolicyCondition;
import dev.o3.proto.om.PolicyStatement;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a bucket policy's JSON into the statements OM evaluates, refusing what S3 refuses with {@code MalformedPolicy}
 * and a message naming the problem: not JSON, an unknown version, a statement without Effect, Principal, Action or
 * Resource, an action outside {@code s3:}, a resource of another bucket. O3 principals are user names (also as
 * {@code arn:aws:iam::*:user/NAME}) or {@code "*"}. Condition operators are checked by OM. Stateless.
 */
public final class PolicyParser {
    /** S3's limit on a bucket policy's size. */
    public static final int MAX_BYTES = 20 * 1024;

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Set<String> VERSIONS = Set.of("2012-10-17", "2008-10-17");
    private static final Set<String> STATEMENT_FIELDS =
            Set.of("Sid", "Effect", "Principal", "Action", "NotAction", "Resource", "NotResource", "Condition");
    private static final String BUCKET_ARN = "arn:aws:s3:::";

    private PolicyParser() {}

    /** The policy of bucket {@code bucket} that {@code json} describes. */
    public static BucketPolicy parse(String json, String bucket) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw malformed(S3ErrorCode.MALFORMED_POLICY.defaultMessage());
        }
        if (root == null || !root.isObject()) {
            throw malformed(S3ErrorCode.MALFORMED_POLICY.defaultMessage());
        }
        JsonNode version = root.get("Version");
        if (version != null && !VERSIONS.contains(version.asText())) {
            throw malformed("Invalid policy version: " + version.asText());
        }
        JsonNode statements = root.get("Statement");
        if (statements == null) {
            throw malformed("Missing required field Statement");
        }
        BucketPolicy.Builder policy = BucketPolicy.newBuilder().setText(json);
        for (JsonNode statement : statements.isArray() ? statements : List.of(statements)) {
            policy.addStatements(statement(statement, bucket));
        }
        if (policy.getStatementsCount() == 0) {
            throw malformed("Statement must not be empty");
        }
        return policy.build();
    }

    private static PolicyStatement statement(JsonNode node, String bucket) {
        if (!node.isObject()) {
            throw malformed("A Statement must be an object");
        }
        for (Iterator<String> fields = node.fieldNames(); fields.hasNext(); ) {
            String field = fields.next();
            if (field.equals("NotPrincipal")) {
                throw malformed("NotPrincipal is not supported");
            }
            if (!STATEMENT_FIELDS.contains(field)) {
                throw malformed("Unknown field " + field + " in a Statement");
            }
        }
        PolicyStatement.Builder statement = PolicyStatement.newBuilder();
        if (node.has("Sid")) {
            statement.setSid(node.get("Sid").asText());
        }
        String effect = required(node, "Effect").asText();
        if (!effect.equals("Allow") && !effect.equals("Deny")) {
            throw malformed("Invalid effect: " + effect);
        }
        statement.setDeny(effect.equals("Deny"));
        statement.addAllPrincipals(principals(required(node, "Principal")));
        statement.setNotAction(node.has("NotAction"));
        for (String action : strings(oneOf(node, "Action", "NotAction"), "Action")) {
            if (!action.equals("*") && !action.toLowerCase(Locale.ROOT).startsWith("s3:")) {
                throw malformed("Policy has invalid action: " + action);
            }
            statement.addActions(action);
        }
        statement.setNotResource(node.has("NotResource"));
        for (String resource : strings(oneOf(node, "Resource", "NotResource"), "Resource")) {
            if (!ofBucket(resource, bucket)) {
                throw malformed("Policy has invalid resource: " + resource);
            }
            statement.addResources(resource);
        }
        if (node.has("Condition")) {
            statement.addAllConditions(conditions(node.get("Condition")));
        }
        return statement.build();
    }

    /** A resource of this bucket: its ARN, or a key pattern under it (wildcards allowed, also in the bucket part). */
    private static boolean ofBucket(String resource, String bucket) {
        if (resource.equals("*")) {
            return true;
        }
        if (!resource.startsWith(BUCKET_ARN)) {
            return false;
        }
        String rest = resource.substring(BUCKET_ARN.length());
        int slash = rest.indexOf('/');
        String bucketPart = slash < 0 ? rest : rest.substring(0, slash);
        return Wildcards.matches(bucketPart, bucket);
    }

    private static List<String> principals(JsonNode principal) {
        if (principal.isTextual()) {
            if (!principal.asText().equals("*")) {
                throw malformed("Invalid principal in policy: " + principal.asText());
            }
            return List.of("*");
        }
        if (!principal.isObject() || principal.isEmpty()) {
            throw malformed("Invalid principal in policy");
        }
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, JsonNode> field : principal.properties()) {
            if (!field.getKey().equals("AWS") && !field.getKey().equals("CanonicalUser")) {
                throw malformed("Invalid principal in policy: " + field.getKey());
            }
            names.addAll(strings(field.getValue(), "Principal"));
        }
        return names;
    }

    private static List<PolicyCondition> conditions(JsonNode node) {
        if (!node.isObject()) {
            throw malformed("Condition must be an object");
        }
        List<PolicyCondition> conditions = new ArrayList<>();
        for (Map.Entry<String, JsonNode> operator : node.properties()) {
            if (!operator.getValue().isObject()) {
                throw malformed("Condition " + operator.getKey() + " must map keys to values");
            }
            for (Map.Entry<String, JsonNode> key : operator.getValue().properties()) {
                conditions.add(PolicyCondition.newBuilder()
                        .setOperator(operator.getKey())
                        .setKey(key.getKey().toLowerCase(Locale.ROOT))
                        .addAllValues(strings(key.getValue(), key.getKey()))
                        .build());
            }
        }
        return conditions;
    }

    private static JsonNode oneOf(JsonNode node, String field, String negated) {
        if (node.has(field) == node.has(negated)) {
            throw malformed("A Statement needs either " + field + " or " + negated);
        }
        return node.has(field) ? node.get(field) : node.get(negated);
    }

    private static JsonNode required(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null) {
            throw malformed("Missing required field " + field);
        }
        return value;
    }

    /** A string or an array of strings (numbers and booleans as written, as IAM accepts them). */
    private static List<String> strings(JsonNode node, String what) {
        List<String> values = new ArrayList<>();
        for (JsonNode value : node.isArray() ? node : List.of(node)) {
            if (!value.isValueNode() || value.isNull()) {
                throw malformed(what + " must be a string or a list of strings");
            }
            values.add(value.asText());
        }
        if (values.isEmpty()) {
            throw malformed(what + " must not be empty");
        }
        return values;
    }

    private static S3Exception malformed(String message) {
        return new S3Exception(S3ErrorCode.MALFORMED_POLICY, message);
    }
}
