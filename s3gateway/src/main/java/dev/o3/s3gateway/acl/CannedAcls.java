package dev.o3.s3gateway.acl;

import dev.o3.common.acl.CannedAcl;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * S3's canned ACLs: which O3 has, and the grants each shows as (the owner's FULL_CONTROL plus READ, and WRITE, for
 * the AllUsers or AuthenticatedUsers group). Since a bucket's owner owns every object in it, the canned ACLs that only
 * give the bucket owner access ({@code bucket-owner-read}, {@code bucket-owner-full-control}) are {@code private}.
 * Stateless.
 */
public final class CannedAcls {
    private static final Set<String> OWNER_ONLY = Set.of("bucket-owner-read", "bucket-owner-full-control");
    private static final Set<String> UNSUPPORTED = Set.of("aws-exec-read", "log-delivery-write");

    private CannedAcls() {}

    /**
     * The canned ACL named {@code value}, as in {@code x-amz-acl} or a POST form's {@code acl} field.
     *
     * @throws S3Exception NotImplemented for canned ACLs O3 does not have, InvalidArgument for an unknown one
     */
    public static CannedAcl parse(String value) {
        Optional<CannedAcl> acl = CannedAcl.of(value);
        if (acl.isPresent()) {
            return acl.get();
        }
        if (OWNER_ONLY.contains(value)) {
            return CannedAcl.PRIVATE;
        }
        if (UNSUPPORTED.contains(value)) {
            throw new S3Exception(S3ErrorCode.NOT_IMPLEMENTED, "The canned ACL " + value + " is not supported");
        }
        throw new S3Exception(S3ErrorCode.INVALID_ARGUMENT, "Unknown x-amz-acl value: " + value);
    }

    /** The grants S3 shows for a canned ACL whose resource belongs to {@code owner}: the owner's first. */
    public static List<Grant> grants(CannedAcl acl, String owner) {
        Grant full = new Grant(Grantee.user(owner), Permission.FULL_CONTROL);
        return switch (acl) {
            case PRIVATE -> List.of(full);
            case PUBLIC_READ -> List.of(full, new Grant(Grantee.group(Grantee.ALL_USERS), Permission.READ));
            case PUBLIC_READ_WRITE -> List.of(
                    full,
                    new Grant(Grantee.group(Grantee.ALL_USERS), Permission.READ),
                    new Grant(Grantee.group(Grantee.ALL_USERS), Permission.WRITE));
            case AUTHENTICATED_READ -> List.of(
                    full, new Grant(Grantee.group(Grantee.AUTHENTICATED_USERS), Permission.READ));
        };
    }
}
