/**
 * S3 errors: the code enum {@link dev.o3.s3gateway.error.S3ErrorCode} with HTTP statuses, the exception handlers
 * throw ({@link dev.o3.s3gateway.error.S3Exception}) and the single backend-status mapping
 * ({@link dev.o3.s3gateway.error.S3Errors}).
 */
package dev.o3.s3gateway.error;
