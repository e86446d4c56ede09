package dev.o3.s3gateway.acl;

import dev.o3.proto.om.AclGrant;
import dev.o3.proto.om.AclGroup;
import dev.o3.proto.om.AclPermission;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import java.util.List;

/** Translates S3 grants to OM's {@code AclGrant} and back. Stateless. */
public final class GrantProtos {
    private GrantProtos() {}

    /**
     * The OM grants for S3 grants.
     *
     * @throws S3Exception InvalidArgument for a group other than AllUsers and AuthenticatedUsers,
     *     UnresolvableGrantByEmailAddress for an e-mail grantee (O3 users have no e-mail address)
     */
    public static List<AclGrant> toProto(List<Grant> grants) {
        return grants.stream().map(GrantProtos::toProto).toList();
    }

    /** The S3 grants for OM grants. */
    public static List<Grant> fromProto(List<AclGrant> grants) {
        return grants.stream().map(GrantProtos::fromProto).toList();
    }

    private static AclGrant toProto(Grant grant) {
        AclGrant.Builder proto = AclGrant.newBuilder().setPermission(permission(grant.permission()));
        Grantee grantee = grant.grantee();
        switch (grantee.type()) {
            case CANONICAL_USER -> proto.setUser(grantee.value());
            case GROUP -> proto.setGroup(group(grantee.value()));
            case EMAIL -> throw new S3Exception(
                    S3ErrorCode.UNRESOLVABLE_GRANT_BY_EMAIL_ADDRESS,
                    "The email address " + grantee.value() + " does not match any account on record.");
        }
        return proto.build();
    }

    private static Grant fromProto(AclGrant grant) {
        Grantee grantee =
                switch (grant.getGroup()) {
                    case ACL_GROUP_ALL_USERS -> Grantee.group(Grantee.ALL_USERS);
                    case ACL_GROUP_AUTHENTICATED_USERS -> Grantee.group(Grantee.AUTHENTICATED_USERS);
                    default -> Grantee.user(grant.getUser());
                };
        return new Grant(
                grantee, Permission.valueOf(grant.getPermission().name().substring("ACL_".length())));
    }

    private static AclPermission permission(Permission permission) {
        return AclPermission.valueOf("ACL_" + permission.name());
    }

    private static AclGroup group(String uri) {
        return switch (uri) {
            case Grantee.ALL_USERS -> AclGroup.ACL_GROUP_ALL_USERS;
            case Grantee.AUTHENTICATED_USERS -> AclGroup.ACL_GROUP_AUTHENTICATED_USERS;
            default -> throw new S3Exception(
                    S3ErrorCode.INVALID_ARGUMENT,
                    "Invalid group uri " + uri + "; O3 knows " + Grantee.ALL_USERS + " and "
                            + Grantee.AUTHENTICATED_USERS);
        };
    }
}
