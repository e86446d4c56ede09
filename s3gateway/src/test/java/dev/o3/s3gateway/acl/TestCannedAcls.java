package dev.o3.s3gateway.acl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.acl.CannedAcl;
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

/** Canned ACLs to S3 grants and back, and the {@code x-amz-acl} header. */
class TestCannedAcls {
    private static final Grant OWNER = new Grant(Grantee.user("alice"), Permission.FULL_CONTROL);
    private static final Grant ALL_READ = new Grant(Grantee.group(Grantee.ALL_USERS), Permission.READ);
    private static final Grant ALL_WRITE = new Grant(Grantee.group(Grantee.ALL_USERS), Permission.WRITE);
    private static final Grant AUTHENTICATED_READ =
            new Grant(Grantee.group(Grantee.AUTHENTICATED_USERS), Permission.READ);

    @Test
    void eachCannedAclShowsTheOwnersFullControlFirstAndItsGroupGrants() {
        assertThat(CannedAcls.grants(CannedAcl.PRIVATE, "alice")).containsExactly(OWNER);
        assertThat(CannedAcls.grants(CannedAcl.PUBLIC_READ, "alice")).containsExactly(OWNER, ALL_READ);
        assertThat(CannedAcls.grants(CannedAcl.PUBLIC_READ_WRITE, "alice")).containsExactly(OWNER, ALL_READ, ALL_WRITE);
        assertThat(CannedAcls.grants(CannedAcl.AUTHENTICATED_READ, "alice")).containsExactly(OWNER, AUTHENTICATED_READ);
    }

    @Test
    void grantListsEqualToACannedAclMapBackInAnyOrder() {
        for (CannedAcl acl : CannedAcl.values()) {
            assertThat(CannedAcls.fromGrants(Optional.of("alice"), CannedAcls.grants(acl, "alice"), "alice"))
                    .isEqualTo(acl);
        }
        assertThat(CannedAcls.fromGrants(Optional.empty(), List.of(ALL_WRITE, OWNER, ALL_READ, ALL_READ), "alice"))
                .isEqualTo(CannedAcl.PUBLIC_READ_WRITE);
    }

    @Test
    void otherGrantListsAreNotImplemented() {
        Grant bob = new Grant(Grantee.user("bob"), Permission.READ);
        Grant email = new Grant(new Grantee(Grantee.Type.EMAIL, "a@example.com"), Permission.READ);
        Grant logs = new Grant(Grantee.group("http://acs.amazonaws.com/groups/s3/LogDelivery"), Permission.WRITE);

        for (List<Grant> grants : List.of(
                List.<Grant>of(),
                List.of(ALL_READ),
                List.of(OWNER, bob),
                List.of(OWNER, logs),
                List.of(OWNER, ALL_WRITE),
                List.of(OWNER, ALL_READ, AUTHENTICATED_READ),
                List.of(new Grant(Grantee.user("alice"), Permission.READ)))) {
            assertCode(() -> CannedAcls.fromGrants(Optional.empty(), grants, "alice"), S3ErrorCode.NOT_IMPLEMENTED);
        }
        assertCode(
                () -> CannedAcls.fromGrants(Optional.of("bob"), List.of(OWNER), "alice"), S3ErrorCode.INVALID_ARGUMENT);
        assertCode(
                () -> CannedAcls.fromGrants(Optional.empty(), List.of(OWNER, email), "alice"),
                S3ErrorCode.UNRESOLVABLE_GRANT_BY_EMAIL_ADDRESS);
    }

    @Test
    void readsTheCannedAclHeader() {
        assertThat(CannedAcls.fromHeaders(request(Map.of()))).isEmpty();
        assertThat(CannedAcls.fromHeaders(request(Map.of("x-amz-acl", "public-read"))))
                .contains(CannedAcl.PUBLIC_READ);
        assertThat(CannedAcls.fromHeaders(request(Map.of("x-amz-acl", "bucket-owner-full-control"))))
                .as("the bucket owner owns every object anyway")
                .contains(CannedAcl.PRIVATE);
        assertCode(() -> CannedAcls.fromHeaders(request(Map.of("x-amz-acl", "public"))), S3ErrorCode.INVALID_ARGUMENT);
        assertCode(
                () -> CannedAcls.fromHeaders(request(Map.of("x-amz-acl", "log-delivery-write"))),
                S3ErrorCode.NOT_IMPLEMENTED);
    }

    @Test
    void grantHeadersEqualToACannedAclAreThatAcl() {
        assertThat(CannedAcls.fromHeaders(request(Map.of("x-amz-grant-read", "uri=\"" + Grantee.ALL_USERS + "\""))))
                .contains(CannedAcl.PUBLIC_READ);
        assertThat(CannedAcls.fromHeaders(request(Map.of(
                        "x-amz-grant-read", "uri=" + Grantee.ALL_USERS,
                        "x-amz-grant-write", "uri=\"" + Grantee.ALL_USERS + "\""))))
                .contains(CannedAcl.PUBLIC_READ_WRITE);
        assertThat(CannedAcls.fromHeaders(
                        request(Map.of("x-amz-grant-read", "uri=\"" + Grantee.AUTHENTICATED_USERS + "\""))))
                .contains(CannedAcl.AUTHENTICATED_READ);
        assertCode(
                () -> CannedAcls.fromHeaders(request(Map.of("x-amz-grant-read", "id=\"bob\""))),
                S3ErrorCode.NOT_IMPLEMENTED);
        assertCode(
                () -> CannedAcls.fromHeaders(request(Map.of("x-amz-grant-write", "uri=" + Grantee.ALL_USERS))),
                S3ErrorCode.NOT_IMPLEMENTED);
        assertCode(
                () -> CannedAcls.fromHeaders(request(Map.of("x-amz-grant-read", "everyone"))),
                S3ErrorCode.INVALID_ARGUMENT);
        assertCode(
                () -> CannedAcls.fromHeaders(request(Map.of("x-amz-grant-read", "emailAddress=\"a@example.com\""))),
                S3ErrorCode.UNRESOLVABLE_GRANT_BY_EMAIL_ADDRESS);
        assertCode(
                () -> CannedAcls.fromHeaders(
                        request(Map.of("x-amz-grant-read", "uri=" + Grantee.ALL_USERS, "x-amz-acl", "public-read"))),
                S3ErrorCode.INVALID_REQUEST);
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
