package dev.o3.om.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.acl.Wildcards;
import dev.o3.proto.om.BucketPolicy;
import dev.o3.proto.om.PolicyCondition;
import dev.o3.proto.om.PolicyStatement;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a bucket policy decides one access: principals, actions, resources, conditions and Deny over Allow. */
class TestPolicyEvaluator {
    private static final PolicyStatement PUBLIC_READ = PolicyStatement.newBuilder()
            .addPrincipals("*")
            .addActions("s3:GetObject")
            .addResources("arn:aws:s3:::photos/*")
            .build();

    @Test
    void anAllowForEveryoneCoversAnonymousCallersAndOnlyItsActionAndResources() {
        BucketPolicy policy = policy(PUBLIC_READ);

        assertThat(decide(policy, "", "s3:GetObject", "cat.jpg")).isEqualTo(Decision.ALLOW);
        assertThat(decide(policy, "bob", "s3:getobject", "dir/cat.jpg"))
                .as("actions compare without case")
                .isEqualTo(Decision.ALLOW);
        assertThat(decide(policy, "", "s3:PutObject", "cat.jpg")).isEqualTo(Decision.NONE);
        assertThat(decide(policy, "", "s3:ListBucket", ""))
                .as("the bucket is no object")
                .isEqualTo(Decision.NONE);
        assertThat(PolicyEvaluator.evaluate(policy, "photos", "", Access.NONE)).isEqualTo(Decision.NONE);
    }

    @Test
    void principalsNameUsersByNameOrIamArnAndNeverMatchAnonymousCallers() {
        BucketPolicy policy = policy(PUBLIC_READ.toBuilder()
                .clearPrincipals()
                .addPrincipals("alice")
                .addPrincipals("arn:aws:iam::123456789012:user/team/bob")
                .build());

        assertThat(decide(policy, "alice", "s3:GetObject", "k")).isEqualTo(Decision.ALLOW);
        assertThat(decide(policy, "bob", "s3:GetObject", "k")).isEqualTo(Decision.ALLOW);
        assertThat(decide(policy, "carol", "s3:GetObject", "k")).isEqualTo(Decision.NONE);
        assertThat(decide(policy, "", "s3:GetObject", "k")).isEqualTo(Decision.NONE);
    }

    @Test
    void anExplicitDenyWinsOverAnyAllow() {
        PolicyStatement denyDeletes = PolicyStatement.newBuilder()
                .setDeny(true)
                .addPrincipals("*")
                .addActions("s3:Delete*")
                .addResources("arn:aws:s3:::photos/keep/*")
                .build();
        PolicyStatement allowAll = PolicyStatement.newBuilder()
                .addPrincipals("*")
                .addActions("s3:*")
                .addResources("arn:aws:s3:::photos")
                .addResources("arn:aws:s3:::photos/*")
                .build();
        BucketPolicy policy = policy(allowAll, denyDeletes);

        assertThat(decide(policy, "bob", "s3:DeleteObject", "keep/a")).isEqualTo(Decision.DENY);
        assertThat(decide(policy, "bob", "s3:DeleteObject", "tmp/a")).isEqualTo(Decision.ALLOW);
        assertThat(decide(policy, "bob", "s3:ListBucket", "")).isEqualTo(Decision.ALLOW);
    }

    @Test
    void notActionAndNotResourceMatchEverythingElse() {
        PolicyStatement allButDelete = PolicyStatement.newBuilder()
                .addPrincipals("*")
                .addActions("s3:DeleteObject")
                .setNotAction(true)
                .addResources("arn:aws:s3:::photos/private/*")
                .setNotResource(true)
                .build();
        BucketPolicy policy = policy(allButDelete);

        assertThat(decide(policy, "", "s3:GetObject", "public/a")).isEqualTo(Decision.ALLOW);
        assertThat(decide(policy, "", "s3:DeleteObject", "public/a")).isEqualTo(Decision.NONE);
        assertThat(decide(policy, "", "s3:GetObject", "private/a")).isEqualTo(Decision.NONE);
    }

    @Test
    void conditionsTestTheRequestContext() {
        BucketPolicy fromLan = policy(PUBLIC_READ.toBuilder()
                .addConditions(condition("IpAddress", "aws:sourceip", "10.0.0.0/8", "2001:db8::/32"))
                .build());
        Access get = new Access("s3:GetObject", "k", java.util.Map.of());

        assertThat(PolicyEvaluator.evaluate(fromLan, "photos", "", get.withContext("aws:SourceIp", "10.1.2.3")))
                .isEqualTo(Decision.ALLOW);
        assertThat(PolicyEvaluator.evaluate(fromLan, "photos", "", get.withContext("aws:SourceIp", "2001:db8::7")))
                .isEqualTo(Decision.ALLOW);
        assertThat(PolicyEvaluator.evaluate(fromLan, "photos", "", get.withContext("aws:SourceIp", "192.168.1.1")))
                .isEqualTo(Decision.NONE);
        assertThat(PolicyEvaluator.evaluate(fromLan, "photos", "", get))
                .as("no address: a positive operator fails")
                .isEqualTo(Decision.NONE);

        BucketPolicy denyPlain = policy(PolicyStatement.newBuilder()
                .setDeny(true)
                .addPrincipals("*")
                .addActions("s3:*")
                .addResources("arn:aws:s3:::photos/*")
                .addConditions(condition("Bool", "aws:securetransport", "false"))
                .build());
        assertThat(PolicyEvaluator.evaluate(denyPlain, "photos", "", get.withContext("aws:SecureTransport", "false")))
                .isEqualTo(Decision.DENY);
        assertThat(PolicyEvaluator.evaluate(denyPlain, "photos", "", get.withContext("aws:SecureTransport", "true")))
                .isEqualTo(Decision.NONE);
    }

    @Test
    void stringNumericNullAndIfExistsOperatorsFollowIam() {
        Access list = new Access("s3:ListBucket", "", java.util.Map.of()).withContext("s3:prefix", "home/alice/");

        assertThat(holds(condition("StringLike", "s3:prefix", "home/alice/*"), list))
                .isTrue();
        assertThat(holds(condition("StringLike", "s3:prefix", "home/bob/*"), list))
                .isFalse();
        assertThat(holds(condition("StringEquals", "s3:prefix", "home/alice/"), list))
                .isTrue();
        assertThat(holds(condition("StringNotEquals", "s3:prefix", "home/alice/"), list))
                .isFalse();
        assertThat(holds(condition("StringEqualsIgnoreCase", "s3:prefix", "HOME/ALICE/"), list))
                .isTrue();
        assertThat(holds(condition("StringNotLike", "s3:delimiter", "x"), list))
                .as("a negated operator holds without a value")
                .isTrue();
        assertThat(holds(condition("StringLikeIfExists", "s3:delimiter", "/"), list))
                .isTrue();
        assertThat(holds(condition("Null", "s3:delimiter", "true"), list)).isTrue();
        assertThat(holds(condition("Null", "s3:prefix", "true"), list)).isFalse();
        Access maxKeys = list.withContext("s3:max-keys", "100");
        assertThat(holds(condition("NumericLessThanEquals", "s3:max-keys", "100"), maxKeys))
                .isTrue();
        assertThat(holds(condition("NumericLessThan", "s3:max-keys", "100"), maxKeys))
                .isFalse();
        assertThat(holds(condition("NumericGreaterThan", "s3:max-keys", "10"), maxKeys))
                .isTrue();
        assertThat(holds(condition("NumericEquals", "s3:max-keys", "x"), maxKeys))
                .isFalse();
        assertThat(ConditionOperators.known("StringLikeIfExists")).isTrue();
        assertThat(ConditionOperators.known("NullIfExists")).isFalse();
        assertThat(ConditionOperators.known("DateGreaterThan")).isFalse();
    }

    @Test
    void wildcardsMatchAnyRunOrOneCharacter() {
        assertThat(Wildcards.matches("a*c", "abbbc")).isTrue();
        assertThat(Wildcards.matches("a*c", "ac")).isTrue();
        assertThat(Wildcards.matches("a?c", "abc")).isTrue();
        assertThat(Wildcards.matches("a?c", "ac")).isFalse();
        assertThat(Wildcards.matches("*", "")).isTrue();
        assertThat(Wildcards.matches("ab", "abc")).isFalse();
        assertThat(Cidr.parse("10.0.0.0/33")).isEmpty();
        assertThat(Cidr.parse("example.com")).as("no host name look-ups").isEmpty();
        assertThat(Cidr.parse("192.0.2.7").orElseThrow().contains("192.0.2.7")).isTrue();
    }

    private static boolean holds(PolicyCondition condition, Access access) {
        return ConditionOperators.holds(condition, access);
    }

    private static PolicyCondition condition(String operator, String key, String... values) {
        return PolicyCondition.newBuilder()
                .setOperator(operator)
                .setKey(key)
                .addAllValues(List.of(values))
                .build();
    }

    private static Decision decide(BucketPolicy policy, String principal, String action, String key) {
        return PolicyEvaluator.evaluate(policy, "photos", principal, Access.NONE.withAction(action, key));
    }

    private static BucketPolicy policy(PolicyStatement... statements) {
        return BucketPolicy.newBuilder().addAllStatements(List.of(statements)).build();
    }
}
