package dev.o3.s3gateway.error;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** The mapping from OM statuses to S3 error codes and HTTP statuses. */
class TestS3Errors {
    @ParameterizedTest
    @CsvSource({
        "BUCKET_NOT_FOUND, NoSuchBucket, 404",
        "KEY_NOT_FOUND, NoSuchKey, 404",
        "BUCKET_ALREADY_EXISTS, BucketAlreadyExists, 409",
        "BUCKET_NOT_EMPTY, BucketNotEmpty, 409",
        "INVALID_PART, InvalidPart, 400",
        "INVALID_PART_ORDER, InvalidPartOrder, 400",
        "NO_SUCH_MULTIPART_UPLOAD, NoSuchUpload, 404",
        "PERMISSION_DENIED, AccessDenied, 403",
        "ENTITY_TOO_SMALL, EntityTooSmall, 400",
        "S3_SECRET_NOT_FOUND, InvalidAccessKeyId, 403",
        "INVALID_BUCKET_NAME, InvalidBucketName, 400",
        "NOT_LEADER, ServiceUnavailable, 503",
        "INTERNAL_ERROR, InternalError, 500"
    })
    void mapsBackendStatuses(BackendStatus status, String code, int httpStatus) {
        S3Exception translated = S3Errors.translate(new BackendException(status, "detail"));

        assertThat(translated.code().code()).isEqualTo(code);
        assertThat(translated.code().httpStatus()).isEqualTo(httpStatus);
    }

    @ParameterizedTest
    @EnumSource(BackendStatus.class)
    void everyStatusHasAnS3Code(BackendStatus status) {
        assertThat(S3Errors.codeOf(status)).isNotNull();
    }

    @Test
    void codesAreUniqueAndStatusesAreErrors() {
        Set<String> codes = new HashSet<>();
        Arrays.stream(S3ErrorCode.values()).forEach(code -> {
            assertThat(codes.add(code.code())).as(code.code()).isTrue();
            assertThat(code.httpStatus()).isBetween(400, 599);
        });
    }

    @Test
    void internalErrorsHideBackendDetails() {
        S3Exception translated =
                S3Errors.translate(new BackendException(BackendStatus.INTERNAL_ERROR, "rocksdb path /secret"));

        assertThat(translated.getMessage()).doesNotContain("/secret");
    }
}
