package dev.o3.s3gateway.acl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.acl.Acl;
import dev.o3.common.acl.CannedAcl;
import dev.o3.proto.om.AclGrant;
import dev.o3.proto.om.AclGroup;
import dev.o3.proto.om.AclPermission;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import dev.o3.s3gateway.http.RequestParser;
import dev.o3.s3gateway.http.S3Request;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** The ACL of {@code x-amz-acl}, {@code x-amz-grant-*} headers and AccessControlPolicy grants. */
class TestRequestedAcls {
    private static final AclGrant BOB_READ = AclGrant.newBuilder()
            .setUser("bob")
            .setPermission(AclPermission.ACL_READ)
            .build();
    private static final AclGrant ALL_READ = AclGrant.newBuilder()
            .setGroup(AclGroup.ACL_GROUP_ALL_USERS)
            .setPermission(AclPermission.ACL_READ)
            .build();

    @Test
    void readsTheCannedAclHeader() {
        assertThat(RequestedAcls.fromHeaders(request(Map.of()))).isEmpty();
        assertThat(RequestedAcls.fromHeaders(request(Map.of("x-amz-acl", "public-read"))))
                .contains(Acl.of(CannedAcl.PUBLIC_READ));
        assertCode(
                () -> RequestedAcls.fromHeaders(request(Map.of("x-amz-acl", "public"))), S3ErrorCode.INVALID_ARGUMENT);
    }

    @Test
    void grantHeadersBecomeGrantsForUsersAndGroups() {
        Optional<Acl> acl = RequestedAcls.fromHeaders(request(Map.of(
                "x-amz-grant-read", "id=\"bob\", uri=\"" + Grantee.ALL_USERS + "\"",
                "x-amz-grant-full-control", "id=carol",
                "x-amz-grant-write-acp", "uri=" + Grantee.AUTHENTICATED_USERS)));
        assertThat(acl.orElseThrow().grants())
                .containsExactlyInAnyOrder(
                        BOB_READ,
                        ALL_READ,
                        AclGrant.newBuilder()
                                .setUser("carol")
                                .setPermission(AclPermission.ACL_FULL_CONTROL)
                                .build(),
                        AclGrant.newBuilder()
                                .setGroup(AclGroup.ACL_GROUP_AUTHENTICATED_USERS)
                                .setPermission(AclPermission.ACL_WRITE_ACP)
                                .build());
        assertCode(
                () -> RequestedAcls.fromHeaders(request(Map.of("x-amz-grant-read", "everyone"))),
                S3ErrorCode.INVALID_ARGUMENT);
        assertCode(
                () -> RequestedAcls.fromHeaders(
                        request(Map.of("x-amz-grant-read", "uri=http://acs.amazonaws.com/groups/s3/LogDelivery"))),
                S3ErrorCode.INVALID_ARGUMENT);
        assertCode(
                () -> RequestedAcls.fromHeaders(request(Map.of("x-amz-grant-read", "emailAddress=\"a@example.com\""))),
                S3ErrorCode.UNRESOLVABLE_GRANT_BY_EMAIL_ADDRESS);
        assertCode(
                () -> RequestedAcls.fromHeaders(
                        request(Map.of("x-amz-grant-read", "id=bob", "x-amz-acl", "public-read"))),
                S3ErrorCode.INVALID_REQUEST);
    }

    @Test
    void anAccessControlPolicyGivesItsGrantsForItsOwner() {
        List<Grant> grants = List.of(
                new Grant(Grantee.user("alice"), Permission.FULL_CONTROL),
                new Grant(Grantee.user("bob"), Permission.READ),
                new Grant(Grantee.group(Grantee.ALL_USERS), Permission.READ));
        Acl acl = RequestedAcls.fromPolicy(Optional.of("alice"), grants, "alice");
        assertThat(GrantProtos.fromProto(acl.grants()))
                .as("the owner's full control is implied")
                .isEqualTo(grants.subList(1, 3));
        assertThat(RequestedAcls.fromPolicy(Optional.empty(), List.of(), "alice"))
                .as("no grants: only the owner")
                .isEqualTo(Acl.PRIVATE);
        assertCode(() -> RequestedAcls.fromPolicy(Optional.of("bob"), grants, "alice"), S3ErrorCode.INVALID_ARGUMENT);
    }

    private static S3Request request(Map<String, String> headers) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.PUT, "/b/k");
        headers.forEach(request.headers()::set);
        return new RequestParser(List.of()).parse(request);
    }

    private static void assertCode(ThrowingCallable call, S3ErrorCode code) {
        assertThatThrownBy(call).isInstanceOfSatisfying(S3Exception.class, e -> assertThat(e.code())
                .isEqualTo(code));
    }
}
