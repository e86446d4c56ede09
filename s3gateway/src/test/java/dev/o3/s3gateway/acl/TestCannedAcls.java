package dev.o3.s3gateway.acl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.acl.CannedAcl;
import dev.o3.s3gateway.error.S3ErrorCode;
import dev.o3.s3gateway.error.S3Exception;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** Canned ACL names and the grants each shows as. */
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
    void readsCannedAclNames() {
        assertThat(CannedAcls.parse("public-read")).isEqualTo(CannedAcl.PUBLIC_READ);
        assertThat(CannedAcls.parse("bucket-owner-full-control"))
                .as("the bucket owner owns every object anyway")
                .isEqualTo(CannedAcl.PRIVATE);
        assertCode(() -> CannedAcls.parse("public"), S3ErrorCode.INVALID_ARGUMENT);
        assertCode(() -> CannedAcls.parse("log-delivery-write"), S3ErrorCode.NOT_IMPLEMENTED);
    }

    private static void assertCode(ThrowingCallable call, S3ErrorCode code) {
        assertThatThrownBy(call).isInstanceOfSatisfying(S3Exception.class, e -> assertThat(e.code())
                .isEqualTo(code));
    }
}
