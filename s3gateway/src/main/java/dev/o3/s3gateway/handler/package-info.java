/**
 * S3 operations: {@link dev.o3.s3gateway.handler.OperationRouter} names the operation of a request,
 * {@link dev.o3.s3gateway.handler.S3Dispatcher} authenticates it, runs the handler of its family (bucket, listing,
 * object read/write/delete, multipart, tagging) and answers failures with S3 error documents.
 */
package dev.o3.s3gateway.handler;
