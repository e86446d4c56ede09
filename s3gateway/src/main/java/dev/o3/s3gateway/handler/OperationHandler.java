package dev.o3.s3gateway.handler;

/** Runs the operations of one family (bucket, object read, ...) on a worker thread; may block. */
interface OperationHandler {
    /**
     * Runs the operation and sends its response.
     *
     * @throws dev.o3.s3gateway.error.S3Exception or {@link dev.o3.s3gateway.backend.BackendException} to answer with
     *     an S3 error document
     */
    void handle(S3Operation operation, S3Call call);
}
