/**
 * The gateway's port to the object store: {@link dev.o3.s3gateway.backend.S3Backend} and its per-requester stores for
 * buckets, objects, multipart uploads and S3 secrets. The production adapter is written over {@code OzoneClient};
 * failures are {@link dev.o3.s3gateway.backend.BackendException}s carrying an OM status.
 */
package dev.o3.s3gateway.backend;
