package dev.o3.s3gateway.backend;

/**
 * Everything the S3 gateway needs from the store. Each request acts as one S3 user (the owner of the access key that
 * signed it); the per-user stores carry that identity to the OM, which checks ownership and ACLs and answers
 * {@link BackendStatus#PERMISSION_DENIED} when the user may not touch a bucket. Buckets live in volume {@code s3v}.
 *
 * <p>Threading: implementations are thread-safe; the gateway calls them from its worker threads, never from Netty
 * event loops, so calls may block on the network.
 */
public interface S3Backend {
    /** S3 access keys and their secrets. */
    SecretStore secrets();

    /** Bucket operations acting as {@code user}. */
    BucketStore buckets(String user);

    /** Object operations acting as {@code user}. */
    ObjectStore objects(String user);

    /** Multipart-upload operations acting as {@code user}. */
    MultipartStore multipart(String user);
}
