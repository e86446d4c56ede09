package dev.o3.s3gateway.error;

import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;

/** The one translation of backend (OM) statuses to S3 error codes. */
public final class S3Errors {
    private S3Errors() {}

    /** The S3 code for a backend status. */
    public static S3ErrorCode codeOf(BackendStatus status) {
        return switch (status) {
            case BUCKET_NOT_FOUND, VOLUME_NOT_FOUND -> S3ErrorCode.NO_SUCH_BUCKET;
            case KEY_NOT_FOUND, DIRECTORY_NOT_FOUND, NOT_A_FILE -> S3ErrorCode.NO_SUCH_KEY;
            case BUCKET_ALREADY_EXISTS -> S3ErrorCode.BUCKET_ALREADY_EXISTS;
            case BUCKET_NOT_EMPTY -> S3ErrorCode.BUCKET_NOT_EMPTY;
            case INVALID_BUCKET_NAME -> S3ErrorCode.INVALID_BUCKET_NAME;
            case INVALID_KEY_NAME,
                    INVALID_REQUEST,
                    KEY_ALREADY_EXISTS,
                    FILE_ALREADY_EXISTS,
                    DIRECTORY_NOT_EMPTY -> S3ErrorCode.INVALID_REQUEST;
            case PERMISSION_DENIED -> S3ErrorCode.ACCESS_DENIED;
            case UNKNOWN_GRANTEE -> S3ErrorCode.INVALID_ARGUMENT;
            case NO_SUCH_MULTIPART_UPLOAD -> S3ErrorCode.NO_SUCH_UPLOAD;
            case INVALID_PART -> S3ErrorCode.INVALID_PART;
            case INVALID_PART_ORDER -> S3ErrorCode.INVALID_PART_ORDER;
            case ENTITY_TOO_SMALL -> S3ErrorCode.ENTITY_TOO_SMALL;
            case S3_SECRET_NOT_FOUND -> S3ErrorCode.INVALID_ACCESS_KEY_ID;
            case QUOTA_EXCEEDED -> S3ErrorCode.QUOTA_EXCEEDED;
            case NO_SPACE -> S3ErrorCode.INSUFFICIENT_STORAGE;
            case PRECONDITION_FAILED -> S3ErrorCode.PRECONDITION_FAILED;
            case CONDITIONAL_REQUEST_CONFLICT -> S3ErrorCode.CONDITIONAL_REQUEST_CONFLICT;
            case NO_SUCH_VERSION -> S3ErrorCode.NO_SUCH_VERSION;
            case METHOD_NOT_ALLOWED -> S3ErrorCode.METHOD_NOT_ALLOWED;
            case NOT_LEADER, LEADER_NOT_READY, SCM_UNAVAILABLE -> S3ErrorCode.SERVICE_UNAVAILABLE;
                // UNAUTHENTICATED: OM refused the gateway's own credential (misconfiguration), not the S3 client.
            case INTERNAL_ERROR, VOLUME_ALREADY_EXISTS, VOLUME_NOT_EMPTY, UNAUTHENTICATED -> S3ErrorCode.INTERNAL_ERROR;
        };
    }

    /** The S3 exception for a failed backend call, keeping it as the cause. */
    public static S3Exception translate(BackendException e) {
        S3ErrorCode code = codeOf(e.status());
        String message = code == S3ErrorCode.INTERNAL_ERROR ? code.defaultMessage() : e.getMessage();
        return new S3Exception(code, message, e);
    }
}
