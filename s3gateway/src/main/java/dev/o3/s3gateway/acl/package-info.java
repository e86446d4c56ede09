/**
 * S3 access control lists over O3's canned ACLs: {@link dev.o3.s3gateway.acl.CannedAcls} reads {@code x-amz-acl},
 * lists the grants a canned ACL implies and maps a grant list back to the canned ACL it equals.
 */
package dev.o3.s3gateway.acl;
