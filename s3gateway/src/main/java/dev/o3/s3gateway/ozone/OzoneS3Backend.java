package dev.o3.s3gateway.ozone;

import dev.o3.client.api.OzoneClient;
import dev.o3.s3gateway.backend.BucketStore;
import dev.o3.s3gateway.backend.MultipartStore;
import dev.o3.s3gateway.backend.ObjectStore;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.backend.SecretStore;
import java.util.Objects;

/**
 * The S3 backend over one {@link OzoneClient}: every S3 user gets a view of the client acting as that user, so the
 * gateway keeps one pool of persistent OM channels and one set of datanode connections for everyone. Thread-safe.
 */
public final class OzoneS3Backend implements S3Backend {
    private final OzoneClient client;
    private final String volume;

    /**
     * @param client a client acting as the gateway's service user (which may read S3 secrets)
     * @param volume the volume of S3 buckets, normally {@code s3v}
     */
    public OzoneS3Backend(OzoneClient client, String volume) {
        this.client = Objects.requireNonNull(client, "client is null");
        this.volume = Objects.requireNonNull(volume, "volume is null");
    }

    @Override
    public SecretStore secrets() {
        return new OzoneSecretStore(client.objectStore());
    }

    @Override
    public BucketStore buckets(String user) {
        return new OzoneBucketStore(client.objectStoreAs(user), volume, user);
    }

    @Override
    public ObjectStore objects(String user) {
        return new OzoneObjectStore(client.objectStoreAs(user), volume);
    }

    @Override
    public MultipartStore multipart(String user) {
        return new OzoneMultipartStore(client.objectStoreAs(user), volume);
    }
}
