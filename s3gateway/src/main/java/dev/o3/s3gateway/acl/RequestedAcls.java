package dev.o3.s3gateway.acl;

import dev.o3.common.acl.Acl;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.http.S3Request;
import java.util.List;
import java.util.Optional;

/**
 * The ACL a request asks for: a canned ACL in {@code x-amz-acl} ({@link CannedAcls#parse}), grants in
 * {@code x-amz-grant-*} headers, or the grants of an AccessControlPolicy body. Grants go to OM as they are (users by
 * canonical id, which is the O3 user name; the AllUsers and AuthenticatedUsers groups); OM refuses unknown users.
 * Stateless.
 */
public final class RequestedAcls {
    private RequestedAcls() {}

    /**
     * The ACL of the {@code x-amz-acl} or {@code x-amz-grant-*} headers, if any.
     *
     * @throws S3Exception InvalidRequest for both kinds of header, InvalidArgument for an unknown canned ACL, a
     *     malformed grantee or an unknown group, NotImplemented for canned ACLs O3 does not have,
     *     UnresolvableGrantByEmailAddress for an e-mail grantee
     */
    public static Optional<Acl> fromHeaders(S3Request request) {
        List<Grant> grants = GrantHeaders.parse(request);
        Optional<String> canned = request.header("x-amz-acl").map(String::trim);
        if (grants.isEmpty()) {
            return canned.map(value -> Acl.of(CannedAcls.parse(value)));
        }
        if (canned.isPresent()) {
            throw new S3Exception(
                    S3ErrorCode.INVALID_REQUEST, "Specifying both Canned ACLs and Header Grants is not allowed");
        }
        return Optional.of(Acl.of(GrantProtos.toProto(grants)));
    }

    /**
     * The ACL of an AccessControlPolicy document, less the owner's FULL_CONTROL, which is implied; an empty grant list
     * leaves only the owner.
     *
     * @param ownerId the {@code Owner} the document names, if it names one
     * @param owner the resource's owner
     * @throws S3Exception InvalidArgument when {@code ownerId} is someone else or for an unknown group,
     *     UnresolvableGrantByEmailAddress for an e-mail grantee
     */
    public static Acl fromPolicy(Optional<String> ownerId, List<Grant> grants, String owner) {
        if (ownerId.isPresent() && !ownerId.get().equals(owner)) {
            throw new S3Exception(
                    S3ErrorCode.INVALID_ARGUMENT, "The Owner ID " + ownerId.get() + " is not the owner " + owner);
        }
        Grant implied = new Grant(Grantee.user(owner), Permission.FULL_CONTROL);
        return Acl.of(GrantProtos.toProto(grants.stream()
                .filter(grant -> !grant.equals(implied))
                .distinct()
                .toList()));
    }
}
