/**
 * The gateway's backend over the O3 client ({@link dev.o3.s3gateway.ozone.OzoneS3Backend}): S3 buckets are buckets of
 * volume {@code s3v}, objects are keys, and OM status codes become {@link dev.o3.s3gateway.backend.BackendStatus}.
 */
package dev.o3.s3gateway.ozone;
