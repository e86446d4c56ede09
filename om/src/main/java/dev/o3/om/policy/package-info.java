/**
 * S3 bucket policies in OM: {@link dev.o3.om.policy.PolicyEvaluator} judges an {@link dev.o3.om.policy.Access}
 * (action, key, request context) against a bucket's policy statements; {@link dev.o3.om.policy.BucketActions} names
 * the S3 action of each logged write. OM evaluates policies in every access check, so the S3 gateway and the native
 * protocol see the same decisions.
 */
package dev.o3.om.policy;
