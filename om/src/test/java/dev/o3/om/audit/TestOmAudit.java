package dev.o3.om.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.proto.om.LookupKeyRequest;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

class TestOmAudit {
    private static final Logger AUDIT = LoggerFactory.getLogger(OmAudit.LOGGER);

    @Test
    void aSuccessfulReadIsLoggedOnlyAtDebugWritesAndRefusalsAtInfo() {
        assertThat(OmAudit.logs("SUCCESS", false)).isEqualTo(AUDIT.isDebugEnabled());
        assertThat(OmAudit.logs("SUCCESS", true)).isEqualTo(AUDIT.isInfoEnabled());
        assertThat(OmAudit.logs("KEY_NOT_FOUND", false)).isEqualTo(AUDIT.isInfoEnabled());
        assertThat(OmAudit.logs("PERMISSION_DENIED", true)).isEqualTo(AUDIT.isInfoEnabled());
    }

    @Test
    void theResourceIsTheRequestsPath() {
        assertThat(OmAudit.resourceOf(LookupKeyRequest.newBuilder()
                        .setVolume("vol1")
                        .setBucket("bucket1")
                        .setName("a/b")
                        .build()))
                .isEqualTo("/vol1/bucket1/a/b");
        assertThat(OmAudit.resourceOf("not a message")).isEmpty();
    }
}
