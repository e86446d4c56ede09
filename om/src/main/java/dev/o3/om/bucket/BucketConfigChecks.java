package dev.o3.om.bucket;

import dev.o3.om.policy.ConditionOperators;
import dev.o3.om.request.OmException;
import dev.o3.proto.hdds.KeyValue;
import dev.o3.proto.om.BucketPolicy;
import dev.o3.proto.om.BucketTagSet;
import dev.o3.proto.om.CorsConfiguration;
import dev.o3.proto.om.CorsRule;
import dev.o3.proto.om.LifecycleConfiguration;
import dev.o3.proto.om.LifecycleFilter;
import dev.o3.proto.om.LifecycleRule;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.PolicyCondition;
import dev.o3.proto.om.PolicyStatement;
import java.util.HashSet;
import java.util.Set;

/**
 * The limits S3 puts on bucket configuration, checked before OM stores it whoever sends it (the S3 gateway or a
 * native client): a refusal is INVALID_REQUEST with a message saying what is wrong. Stateless.
 */
final class BucketConfigChecks {
    static final int MAX_TAGS = 50;
    static final int MAX_TAG_KEY = 128;
    static final int MAX_TAG_VALUE = 256;
    static final int MAX_CORS_RULES = 100;
    static final int MAX_LIFECYCLE_RULES = 1000;
    private static final Set<String> CORS_METHODS = Set.of("GET", "PUT", "POST", "DELETE", "HEAD");

    private BucketConfigChecks() {}

    static BucketPolicy policy(BucketPolicy policy) throws OmException {
        require(policy.getStatementsCount() > 0, "the policy has no statement");
        for (PolicyStatement statement : policy.getStatementsList()) {
            require(statement.getPrincipalsCount() > 0, "a statement has no Principal");
            require(statement.getActionsCount() > 0, "a statement has no Action");
            require(statement.getResourcesCount() > 0, "a statement has no Resource");
            for (PolicyCondition condition : statement.getConditionsList()) {
                require(
                        ConditionOperators.known(condition.getOperator()),
                        "unknown condition operator " + condition.getOperator());
                require(!condition.getKey().isEmpty(), "a condition has no key");
                require(condition.getValuesCount() > 0, "condition " + condition.getKey() + " has no value");
            }
        }
        return policy;
    }

    static CorsConfiguration cors(CorsConfiguration cors) throws OmException {
        require(cors.getRulesCount() > 0, "the CORS configuration has no rule");
        require(cors.getRulesCount() <= MAX_CORS_RULES, "at most " + MAX_CORS_RULES + " CORS rules are allowed");
        for (CorsRule rule : cors.getRulesList()) {
            corsRule(rule);
        }
        return cors;
    }

    private static void corsRule(CorsRule rule) throws OmException {
        require(rule.getAllowedOriginsCount() > 0, "a CORS rule has no AllowedOrigin");
        require(rule.getAllowedMethodsCount() > 0, "a CORS rule has no AllowedMethod");
        for (String method : rule.getAllowedMethodsList()) {
            require(
                    CORS_METHODS.contains(method),
                    "Found unsupported HTTP method in CORS config. Unsupported method is " + method);
        }
        for (String origin : rule.getAllowedOriginsList()) {
            require(
                    origin.indexOf('*') == origin.lastIndexOf('*'),
                    "AllowedOrigin \"" + origin + "\" can not have more than one wildcard.");
        }
    }

    static BucketTagSet tags(BucketTagSet tags) throws OmException {
        require(tags.getTagsCount() <= MAX_TAGS, "Object tags cannot be greater than " + MAX_TAGS);
        Set<String> keys = new HashSet<>();
        for (KeyValue tag : tags.getTagsList()) {
            require(
                    !tag.getKey().isEmpty() && tag.getKey().length() <= MAX_TAG_KEY,
                    "The TagKey you have provided is invalid");
            require(tag.getValue().length() <= MAX_TAG_VALUE, "The TagValue you have provided is invalid");
            require(!tag.getKey().startsWith("aws:"), "System tags cannot be added/updated by requester");
            require(keys.add(tag.getKey()), "Cannot provide multiple Tags with the same key");
        }
        return tags;
    }

    static LifecycleConfiguration lifecycle(LifecycleConfiguration lifecycle) throws OmException {
        require(lifecycle.getRulesCount() > 0, "the lifecycle configuration has no rule");
        require(
                lifecycle.getRulesCount() <= MAX_LIFECYCLE_RULES,
                "at most " + MAX_LIFECYCLE_RULES + " rules are allowed");
        Set<String> ids = new HashSet<>();
        for (LifecycleRule rule : lifecycle.getRulesList()) {
            require(rule.getId().length() <= 255, "ID length should not exceed allowed limit of 255");
            require(
                    rule.getId().isEmpty() || ids.add(rule.getId()),
                    "Rule ID must be unique. Found same ID for more than one rule");
            require(hasAction(rule), "At least one action needs to be specified in a rule");
            checkExpiration(rule);
            checkFilter(rule);
        }
        return lifecycle;
    }

    private static boolean hasAction(LifecycleRule rule) {
        return rule.getExpirationDays() > 0
                || rule.getExpirationDateMillis() > 0
                || rule.getExpiredObjectDeleteMarker()
                || rule.getAbortIncompleteUploadDays() > 0
                || rule.getNoncurrentExpirationDays() > 0;
    }

    private static void checkExpiration(LifecycleRule rule) throws OmException {
        require(rule.getExpirationDays() >= 0, "'Days' for Expiration action must be a positive integer");
        require(
                rule.getExpirationDays() == 0 || rule.getExpirationDateMillis() == 0,
                "Expiration can have either Days or Date, not both");
        require(rule.getExpirationDateMillis() % 86_400_000L == 0, "'Date' must be at midnight GMT");
        require(rule.getAbortIncompleteUploadDays() >= 0, "'DaysAfterInitiation' must be a positive integer");
        require(rule.getNoncurrentExpirationDays() >= 0, "'NoncurrentDays' must be a positive integer");
    }

    private static void checkFilter(LifecycleRule rule) throws OmException {
        LifecycleFilter filter = rule.getFilter();
        boolean narrowed = filter.getTagsCount() > 0 || filter.hasSizeGreaterThan() || filter.hasSizeLessThan();
        require(
                rule.getAbortIncompleteUploadDays() == 0 || !narrowed,
                "AbortIncompleteMultipartUpload cannot be specified with Tags or object size filters");
        require(
                !filter.hasSizeGreaterThan()
                        || !filter.hasSizeLessThan()
                        || filter.getSizeGreaterThan() < filter.getSizeLessThan(),
                "ObjectSizeGreaterThan must be less than ObjectSizeLessThan");
    }

    private static void require(boolean condition, String message) throws OmException {
        if (!condition) {
            throw new OmException(OmStatus.INVALID_REQUEST, message);
        }
    }
}
