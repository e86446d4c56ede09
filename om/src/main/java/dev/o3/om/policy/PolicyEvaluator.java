package dev.o3.om.policy;

import dev.o3.common.acl.Wildcards;
import dev.o3.proto.om.BucketPolicy;
import dev.o3.proto.om.PolicyCondition;
import dev.o3.proto.om.PolicyStatement;
import java.util.List;
import java.util.Locale;

/**
 * Evaluates a bucket policy for one access as S3 does: a matching Deny statement wins, else a matching Allow allows,
 * else the policy has nothing to say and the ACLs decide. A statement matches when its principal names the caller,
 * its actions (or NotAction) and resources (or NotResource) cover the access and all its conditions hold. Action
 * names compare without case, resources exactly, both with {@code *}/{@code ?} wildcards. Stateless.
 */
public final class PolicyEvaluator {
    private static final String BUCKET_ARN = "arn:aws:s3:::";

    private PolicyEvaluator() {}

    /**
     * The policy's decision.
     *
     * @param policy the bucket's policy (an empty one decides nothing)
     * @param bucket the bucket's name, for the resource ARN
     * @param principal the caller: a user name, or empty for an anonymous caller
     * @param access what the caller asks for; with no action nothing applies
     */
    public static Decision evaluate(BucketPolicy policy, String bucket, String principal, Access access) {
        if (access.action().isEmpty()) {
            return Decision.NONE;
        }
        String resource = access.key().isEmpty() ? BUCKET_ARN + bucket : BUCKET_ARN + bucket + "/" + access.key();
        Decision decision = Decision.NONE;
        for (PolicyStatement statement : policy.getStatementsList()) {
            if (applies(statement, principal, access, resource)) {
                if (statement.getDeny()) {
                    return Decision.DENY;
                }
                decision = Decision.ALLOW;
            }
        }
        return decision;
    }

    private static boolean applies(PolicyStatement statement, String principal, Access access, String resource) {
        return principalMatches(statement.getPrincipalsList(), principal)
                && statement.getNotAction() != anyMatches(statement.getActionsList(), access.action(), true)
                && statement.getNotResource() != anyMatches(statement.getResourcesList(), resource, false)
                && conditionsHold(statement.getConditionsList(), access);
    }

    private static boolean principalMatches(List<String> principals, String principal) {
        for (String named : principals) {
            if (named.equals("*") || (!principal.isEmpty() && names(named, principal))) {
                return true;
            }
        }
        return false;
    }

    /** A user name, or an IAM ARN of that user ({@code arn:aws:iam::ACCOUNT:user/NAME}, any path). */
    private static boolean names(String named, String user) {
        if (named.equals(user)) {
            return true;
        }
        int slash = named.lastIndexOf('/');
        return named.startsWith("arn:aws:iam::")
                && named.contains(":user/")
                && named.substring(slash + 1).equals(user);
    }

    private static boolean anyMatches(List<String> patterns, String value, boolean ignoreCase) {
        String subject = ignoreCase ? value.toLowerCase(Locale.ROOT) : value;
        for (String pattern : patterns) {
            if (Wildcards.matches(ignoreCase ? pattern.toLowerCase(Locale.ROOT) : pattern, subject)) {
                return true;
            }
        }
        return false;
    }

    private static boolean conditionsHold(List<PolicyCondition> conditions, Access access) {
        for (PolicyCondition condition : conditions) {
            if (!ConditionOperators.holds(condition, access)) {
                return false;
            }
        }
        return true;
    }
}
