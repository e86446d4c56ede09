package dev.o3.s3gateway.acl;

import dev.o3.common.acl.CannedAcl;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.http.S3Request;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Translates between S3's ACL forms and O3's canned ACLs, which are all O3 stores. A canned ACL shows as the owner's
 * FULL_CONTROL plus READ (and WRITE) grants to the AllUsers or AuthenticatedUsers group; a grant list is accepted
 * only when it equals one of those. Since a bucket's owner owns every object in it, the canned ACLs that only give
 * the bucket owner access ({@code bucket-owner-read}, {@code bucket-owner-full-control}) are {@code private}.
 * Stateless.
 */
public final class CannedAcls {
    private static final Set<String> OWNER_ONLY = Set.of("bucket-owner-read", "bucket-owner-full-control");
    private static final Set<String> UNSUPPORTED = Set.of("aws-exec-read", "log-delivery-write");

    private CannedAcls() {}

    /**
     * The ACL a request asks for in {@code x-amz-acl} or in {@code x-amz-grant-*} headers, if any. Grant headers are
     * accepted when their group grants equal a canned ACL's (the owner's full control is implied): READ for AllUsers
     * is public-read, READ and WRITE for AllUsers public-read-write, READ for AuthenticatedUsers authenticated-read.
     *
     * @throws S3Exception NotImplemented for other grants and canned ACLs O3 does not have, InvalidArgument for an
     *     unknown canned ACL or a malformed grant, InvalidRequest for both kinds of header,
     *     UnresolvableGrantByEmailAddress for an e-mail grantee
     */
    public static Optional<CannedAcl> fromHeaders(S3Request request) {
        List<Grant> grants = GrantHeaders.parse(request);
        Optional<String> canned = request.header("x-amz-acl").map(String::trim);
        if (!grants.isEmpty()) {
            if (canned.isPresent()) {
                throw new S3Exception(
                        S3ErrorCode.INVALID_REQUEST, "Specifying both Canned ACLs and Header Grants is not allowed");
            }
            return Optional.of(fromGroupGrants(grants));
        }
        return canned.map(CannedAcls::parse);
    }

    private static CannedAcl fromGroupGrants(List<Grant> grants) {
        checkNoEmail(grants);
        Set<Grant> given = new HashSet<>(grants);
        for (CannedAcl acl : CannedAcl.values()) {
            Set<Grant> groups = new HashSet<>(grants(acl, ""));
            groups.remove(new Grant(Grantee.user(""), Permission.FULL_CONTROL));
            if (!groups.isEmpty() && given.equals(groups)) {
                return acl;
            }
        }
        throw new S3Exception(
                S3ErrorCode.NOT_IMPLEMENTED,
                "Only x-amz-grant-* headers equal to a canned ACL are supported: x-amz-grant-read for the AllUsers or"
                        + " AuthenticatedUsers group, x-amz-grant-write for AllUsers with it");
    }

    /**
     * The canned ACL named {@code value}, as in {@code x-amz-acl} or a POST form's {@code acl} field.
     *
     * @throws S3Exception as {@link #fromHeaders}
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

    /** O3 users have no e-mail address, so no e-mail grantee resolves, as S3 answers for an unknown address. */
    private static void checkNoEmail(List<Grant> grants) {
        for (Grant grant : grants) {
            if (grant.grantee().type() == Grantee.Type.EMAIL) {
                throw new S3Exception(
                        S3ErrorCode.UNRESOLVABLE_GRANT_BY_EMAIL_ADDRESS,
                        "The email address " + grant.grantee().value() + " does not match any account on record.");
            }
        }
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

    /**
     * The canned ACL whose grants are exactly {@code grants} (in any order, duplicates ignored).
     *
     * @param ownerId the {@code Owner} the document names, if it names one
     * @param owner the resource's owner
     * @throws S3Exception InvalidArgument when {@code ownerId} is someone else, NotImplemented when the grants equal no
     *     canned ACL, UnresolvableGrantByEmailAddress for an e-mail grantee
     */
    public static CannedAcl fromGrants(Optional<String> ownerId, List<Grant> grants, String owner) {
        if (ownerId.isPresent() && !ownerId.get().equals(owner)) {
            throw new S3Exception(
                    S3ErrorCode.INVALID_ARGUMENT, "The Owner ID " + ownerId.get() + " is not the owner " + owner);
        }
        checkNoEmail(grants);
        Set<Grant> given = new HashSet<>(grants);
        for (CannedAcl acl : CannedAcl.values()) {
            if (given.equals(Set.copyOf(grants(acl, owner)))) {
                return acl;
            }
        }
        throw new S3Exception(
                S3ErrorCode.NOT_IMPLEMENTED,
                "Only access control lists equal to a canned ACL (private, public-read, public-read-write,"
                        + " authenticated-read: the owner's FULL_CONTROL plus READ/WRITE for AllUsers or READ for"
                        + " AuthenticatedUsers) are supported");
    }
}
