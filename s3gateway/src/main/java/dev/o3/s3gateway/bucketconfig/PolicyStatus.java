package dev.o3.s3gateway.bucketconfig;

import dev.o3.proto.om.BucketPolicy;
import dev.o3.proto.om.PolicyStatement;

/**
 * GetBucketPolicyStatus' verdict: a policy is public when one of its Allow statements lets in everyone
 * ({@code "*"}) without any condition that narrows who may call. Stateless.
 */
public final class PolicyStatus {
    private PolicyStatus() {}

    public static boolean isPublic(BucketPolicy policy) {
        for (PolicyStatement statement : policy.getStatementsList()) {
            if (!statement.getDeny()
                    && statement.getPrincipalsList().contains("*")
                    && statement.getConditionsCount() == 0) {
                return true;
            }
        }
        return false;
    }
}
