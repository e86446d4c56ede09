package dev.o3.s3gateway.ozone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.om.OmException;
import dev.o3.proto.om.OmStatus;
import dev.o3.s3gateway.backend.BackendStatus;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link BackendStatus} follows {@code OmStatus} of om.proto: a status OM gains without a {@link BackendStatus} of the
 * same name would reach S3 clients as InternalError, so this fails until the gateway's enum, and with it the S3 code
 * chosen in {@code TestS3Errors}, is added.
 */
class TestOmErrors {
    @ParameterizedTest
    @EnumSource(
            value = OmStatus.class,
            mode = EnumSource.Mode.EXCLUDE,
            names = {"OM_STATUS_UNSPECIFIED", "OK", "UNRECOGNIZED"})
    void everyOmErrorStatusBecomesTheBackendStatusOfItsName(OmStatus status) {
        BackendStatus translated =
                OmErrors.translate(new OmException(status, "detail")).status();

        assertThat(translated.name()).isEqualTo(status.name());
    }

    @Test
    void aCommitWhoseSessionIsGoneIsAnInternalErrorClientsRetryNotNoSuchKey() {
        assertThat(OmErrors.commit(new OmException(OmStatus.KEY_NOT_FOUND, "no open key"))
                        .status())
                .isEqualTo(BackendStatus.INTERNAL_ERROR);
        assertThat(OmErrors.commit(new OmException(OmStatus.CONDITIONAL_REQUEST_CONFLICT, "changed"))
                        .status())
                .isEqualTo(BackendStatus.CONDITIONAL_REQUEST_CONFLICT);
    }

    @Test
    void aWriteThatFailedOnOmsAnswerKeepsItsStatusAndOtherIoFailuresAreInternal() {
        IOException noBlock = new IOException(
                "write of k failed: SCM had no block to give for 20s",
                new OmException(OmStatus.SCM_UNAVAILABLE, "no open pipeline"));

        assertThat(OmErrors.io("write failed", noBlock).status()).isEqualTo(BackendStatus.SCM_UNAVAILABLE);
        assertThat(OmErrors.io("write failed", new IOException("disk", new IOException("EIO")))
                        .status())
                .isEqualTo(BackendStatus.INTERNAL_ERROR);
    }
}
