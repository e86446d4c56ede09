package dev.o3.s3gateway.error;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

    /**
     * The S3 code chosen for each status. A status added to {@link BackendStatus} (because OM gained one, see {@code
     * TestOmErrors}) fails {@link #everyStatusHasADeliberateS3Code} until its code is chosen here.
     */
    private static final Map<BackendStatus, S3ErrorCode> CHOSEN = chosenCodes();

    private static Map<BackendStatus, S3ErrorCode> chosenCodes() {
        Map<BackendStatus, S3ErrorCode> chosen = new EnumMap<>(BackendStatus.class);
        chosen.put(BackendStatus.NOT_LEADER, S3ErrorCode.SERVICE_UNAVAILABLE);
        chosen.put(BackendStatus.LEADER_NOT_READY, S3ErrorCode.SERVICE_UNAVAILABLE);
        chosen.put(BackendStatus.SCM_UNAVAILABLE, S3ErrorCode.SERVICE_UNAVAILABLE);
        chosen.put(BackendStatus.INTERNAL_ERROR, S3ErrorCode.INTERNAL_ERROR);
        chosen.put(BackendStatus.VOLUME_ALREADY_EXISTS, S3ErrorCode.INTERNAL_ERROR);
        chosen.put(BackendStatus.VOLUME_NOT_EMPTY, S3ErrorCode.INTERNAL_ERROR);
        chosen.put(BackendStatus.UNAUTHENTICATED, S3ErrorCode.INTERNAL_ERROR);
        chosen.put(BackendStatus.INVALID_REQUEST, S3ErrorCode.INVALID_REQUEST);
        chosen.put(BackendStatus.INVALID_KEY_NAME, S3ErrorCode.INVALID_REQUEST);
        chosen.put(BackendStatus.KEY_ALREADY_EXISTS, S3ErrorCode.INVALID_REQUEST);
        chosen.put(BackendStatus.FILE_ALREADY_EXISTS, S3ErrorCode.INVALID_REQUEST);
        chosen.put(BackendStatus.DIRECTORY_NOT_EMPTY, S3ErrorCode.INVALID_REQUEST);
        chosen.put(BackendStatus.PERMISSION_DENIED, S3ErrorCode.ACCESS_DENIED);
        chosen.put(BackendStatus.UNKNOWN_GRANTEE, S3ErrorCode.INVALID_ARGUMENT);
        chosen.put(BackendStatus.VOLUME_NOT_FOUND, S3ErrorCode.NO_SUCH_BUCKET);
        chosen.put(BackendStatus.BUCKET_NOT_FOUND, S3ErrorCode.NO_SUCH_BUCKET);
        chosen.put(BackendStatus.BUCKET_ALREADY_EXISTS, S3ErrorCode.BUCKET_ALREADY_EXISTS);
        chosen.put(BackendStatus.BUCKET_NOT_EMPTY, S3ErrorCode.BUCKET_NOT_EMPTY);
        chosen.put(BackendStatus.INVALID_BUCKET_NAME, S3ErrorCode.INVALID_BUCKET_NAME);
        chosen.put(BackendStatus.KEY_NOT_FOUND, S3ErrorCode.NO_SUCH_KEY);
        chosen.put(BackendStatus.DIRECTORY_NOT_FOUND, S3ErrorCode.NO_SUCH_KEY);
        chosen.put(BackendStatus.NOT_A_FILE, S3ErrorCode.NO_SUCH_KEY);
        chosen.put(BackendStatus.QUOTA_EXCEEDED, S3ErrorCode.QUOTA_EXCEEDED);
        chosen.put(BackendStatus.NO_SPACE, S3ErrorCode.INSUFFICIENT_STORAGE);
        chosen.put(BackendStatus.NO_SUCH_MULTIPART_UPLOAD, S3ErrorCode.NO_SUCH_UPLOAD);
        chosen.put(BackendStatus.INVALID_PART, S3ErrorCode.INVALID_PART);
        chosen.put(BackendStatus.INVALID_PART_ORDER, S3ErrorCode.INVALID_PART_ORDER);
        chosen.put(BackendStatus.ENTITY_TOO_SMALL, S3ErrorCode.ENTITY_TOO_SMALL);
        chosen.put(BackendStatus.S3_SECRET_NOT_FOUND, S3ErrorCode.INVALID_ACCESS_KEY_ID);
        chosen.put(BackendStatus.PRECONDITION_FAILED, S3ErrorCode.PRECONDITION_FAILED);
        chosen.put(BackendStatus.CONDITIONAL_REQUEST_CONFLICT, S3ErrorCode.CONDITIONAL_REQUEST_CONFLICT);
        chosen.put(BackendStatus.NO_SUCH_VERSION, S3ErrorCode.NO_SUCH_VERSION);
        chosen.put(BackendStatus.METHOD_NOT_ALLOWED, S3ErrorCode.METHOD_NOT_ALLOWED);
        return chosen;
    }

    @Test
    void everyStatusHasADeliberateS3Code() {
        assertThat(CHOSEN.keySet())
                .as("statuses with a chosen S3 code")
                .containsExactlyInAnyOrder(BackendStatus.values());
        CHOSEN.forEach((status, code) ->
                assertThat(S3Errors.codeOf(status)).as("S3 code of %s", status).isEqualTo(code));
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
