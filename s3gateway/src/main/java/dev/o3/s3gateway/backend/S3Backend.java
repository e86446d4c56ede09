package dev.o3.s3gateway.backend;

import dev.o3.proto.om.CorsConfiguration;
import java.util.Optional;

/**
 * Everything the S3 gateway needs from the store. Each request acts as one {@link Requester}: the S3 user owning the
 * access key that signed it, or nobody for an unsigned request. The per-requester stores carry that identity to the
 * OM, which checks ownership and canned ACLs and answers {@link BackendStatus#PERMISSION_DENIED} when the requester
 * may not do something. Buckets live in volume {@code s3v}.
 *
 * <p>Threading: implementations are thread-safe; the gateway calls them from its worker threads, never from Netty
 * event loops, so calls may block on the network.
 */
public interface S3Backend {
    /** S3 access keys and their secrets. */
    SecretStore secrets();

    /** Bucket operations acting as {@code requester}. */
    BucketStore buckets(Requester requester);

    /** Object operations acting as {@code requester}. */
    ObjectStore objects(Requester requester);

    /** Multipart-upload operations acting as {@code requester}. */
    MultipartStore multipart(Requester requester);

    /** Bucket versioning and object versions, acting as {@code requester}. */
    VersionStore versions(Requester requester);

    /** Bucket configuration (policy, CORS, tags, lifecycle) acting as {@code requester}. */
    BucketConfigStore configs(Requester requester);

    /**
     * A bucket's CORS rules, read as the gateway itself (preflight requests are unsigned, and browsers send
     * {@code Origin} on requests of any user); empty when the bucket has none or does not exist.
     */
    Optional<CorsConfiguration> cors(String bucket);
}
