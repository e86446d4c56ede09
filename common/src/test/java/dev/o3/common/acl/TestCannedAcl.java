package dev.o3.common.acl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.acl.CannedAcl.Audience;
import org.junit.jupiter.api.Test;

class TestCannedAcl {
    @Test
    void namesTheS3CannedAclsAndWhomTheyAdmit() {
        assertThat(CannedAcl.of("public-read")).contains(CannedAcl.PUBLIC_READ);
        assertThat(CannedAcl.of("Public-Read")).isEmpty();
        assertThat(CannedAcl.of("bucket-owner-read")).isEmpty();
        assertThat(CannedAcl.PRIVATE.readers()).isEqualTo(Audience.OWNER);
        assertThat(CannedAcl.PUBLIC_READ.writers()).isEqualTo(Audience.OWNER);
        assertThat(CannedAcl.PUBLIC_READ_WRITE.writers()).isEqualTo(Audience.EVERYONE);
        assertThat(CannedAcl.AUTHENTICATED_READ.readers()).isEqualTo(Audience.AUTHENTICATED);
    }

    @Test
    void parsesEmptyAsPrivateAndRejectsUnknownValues() {
        assertThat(CannedAcl.parse("")).isEqualTo(CannedAcl.PRIVATE);
        assertThat(CannedAcl.parse("authenticated-read")).isEqualTo(CannedAcl.AUTHENTICATED_READ);
        assertThatThrownBy(() -> CannedAcl.parse("everyone"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'everyone'");
    }
}
