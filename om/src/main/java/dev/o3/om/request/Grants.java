package dev.o3.om.request;

import dev.o3.common.acl.CannedAcl;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.proto.om.AclGrant;
import dev.o3.proto.om.AclGroup;
import dev.o3.proto.om.AclPermission;
import dev.o3.proto.om.OmStatus;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The S3 grant lists of buckets and keys ({@code AclGrant} in om.proto): what a canned ACL stands for, whether a list
 * gives a caller a permission, and which lists a write may store. A resource with stored grants is judged by them
 * alone, one without by its canned ACL's grants, so OM checks one representation. Owners are not in the lists: they
 * always have full control ({@link Lookups#owns}). Stateless.
 */
public final class Grants {
    private Grants() {}

    /** The grants a canned ACL gives besides the owner's full control. */
    public static List<AclGrant> of(CannedAcl acl) {
        return switch (acl) {
            case PRIVATE -> List.of();
            case PUBLIC_READ -> List.of(group(AclGroup.ACL_GROUP_ALL_USERS, AclPermission.ACL_READ));
            case PUBLIC_READ_WRITE -> List.of(
                    group(AclGroup.ACL_GROUP_ALL_USERS, AclPermission.ACL_READ),
                    group(AclGroup.ACL_GROUP_ALL_USERS, AclPermission.ACL_WRITE));
            case AUTHENTICATED_READ -> List.of(group(AclGroup.ACL_GROUP_AUTHENTICATED_USERS, AclPermission.ACL_READ));
        };
    }

    /**
     * The grants a resource is judged by: its stored grants, or else those of its canned ACL.
     *
     * @throws OmException INVALID_REQUEST for a stored canned ACL O3 does not know
     */
    public static List<AclGrant> effective(String cannedAcl, List<AclGrant> grants) throws OmException {
        return grants.isEmpty() ? of(Lookups.acl(cannedAcl)) : grants;
    }

    /** The grants as S3 shows them: the owner's full control first, then the others without duplicates. */
    public static List<AclGrant> shown(String owner, List<AclGrant> grants) {
        LinkedHashSet<AclGrant> shown = new LinkedHashSet<>();
        shown.add(user(owner, AclPermission.ACL_FULL_CONTROL));
        shown.addAll(grants);
        return new ArrayList<>(shown);
    }

    /** Whether one of the grants gives the caller {@code permission}; FULL_CONTROL gives every permission. */
    public static boolean permits(Caller caller, List<AclGrant> grants, AclPermission permission) {
        for (AclGrant grant : grants) {
            if ((grant.getPermission() == permission || grant.getPermission() == AclPermission.ACL_FULL_CONTROL)
                    && covers(grant, caller)) {
                return true;
            }
        }
        return false;
    }

    private static boolean covers(AclGrant grant, Caller caller) {
        return switch (grant.getGroup()) {
            case ACL_GROUP_ALL_USERS -> true;
            case ACL_GROUP_AUTHENTICATED_USERS -> !caller.anonymous();
            default -> !caller.anonymous() && grant.getUser().equals(caller.user());
        };
    }

    /**
     * Checks grants a write is to store: each names either a user or a group and a permission, and each user is one OM
     * knows, which is the resource's owner or a user with an S3 secret (the canonical id S3 clients can name).
     *
     * @throws OmException INVALID_REQUEST for a malformed grant, UNKNOWN_GRANTEE for a user OM does not know
     */
    public static void check(ReadView view, String owner, List<AclGrant> grants) throws OmException {
        for (AclGrant grant : grants) {
            boolean isUser = !grant.getUser().isEmpty();
            boolean isGroup = grant.getGroup() != AclGroup.ACL_GROUP_NONE;
            if (isUser == isGroup
                    || grant.getPermission() == AclPermission.ACL_PERMISSION_UNSPECIFIED
                    || grant.getPermission() == AclPermission.UNRECOGNIZED
                    || grant.getGroup() == AclGroup.UNRECOGNIZED) {
                throw new OmException(
                        OmStatus.INVALID_REQUEST, "a grant names one user or one group, and a permission: " + grant);
            }
            if (isUser
                    && !grant.getUser().equals(owner)
                    && view.get(OmSchema.S3_SECRETS, grant.getUser()).isEmpty()) {
                throw new OmException(OmStatus.UNKNOWN_GRANTEE, "unknown grantee: " + grant.getUser());
            }
        }
    }

    /** A user grant. */
    public static AclGrant user(String user, AclPermission permission) {
        return AclGrant.newBuilder().setUser(user).setPermission(permission).build();
    }

    /** A group grant. */
    public static AclGrant group(AclGroup group, AclPermission permission) {
        return AclGrant.newBuilder().setGroup(group).setPermission(permission).build();
    }
}
