package dev.o3.s3gateway.backend;

/**
 * Why a backend call failed. The names equal the error values of {@code OmStatus} in {@code om.proto}, so an adapter
 * over the OM client maps them by name ({@code BackendStatus.valueOf(omStatus.name())}); the gateway translates them
 * to S3 error codes in one place ({@code dev.o3.s3gateway.error.S3Errors}). Tests fail when OM gains a status this
 * enum lacks ({@code TestOmErrors}) or a status has no S3 code chosen for it ({@code TestS3Errors}).
 */
public enum BackendStatus {
    NOT_LEADER,
    LEADER_NOT_READY,
    INTERNAL_ERROR,
    INVALID_REQUEST,
    PERMISSION_DENIED,
    VOLUME_NOT_FOUND,
    VOLUME_ALREADY_EXISTS,
    VOLUME_NOT_EMPTY,
    BUCKET_NOT_FOUND,
    BUCKET_ALREADY_EXISTS,
    BUCKET_NOT_EMPTY,
    INVALID_BUCKET_NAME,
    KEY_NOT_FOUND,
    KEY_ALREADY_EXISTS,
    INVALID_KEY_NAME,
    DIRECTORY_NOT_FOUND,
    DIRECTORY_NOT_EMPTY,
    NOT_A_FILE,
    FILE_ALREADY_EXISTS,
    QUOTA_EXCEEDED,
    NO_SUCH_MULTIPART_UPLOAD,
    INVALID_PART,
    INVALID_PART_ORDER,
    ENTITY_TOO_SMALL,
    S3_SECRET_NOT_FOUND,
    SCM_UNAVAILABLE,
    NO_SPACE,
    PRECONDITION_FAILED,
    CONDITIONAL_REQUEST_CONFLICT,
    NO_SUCH_VERSION,
    METHOD_NOT_ALLOWED,
    UNAUTHENTICATED,
    UNKNOWN_GRANTEE
}
