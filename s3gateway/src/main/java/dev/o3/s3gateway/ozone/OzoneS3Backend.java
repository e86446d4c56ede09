package dev.o3.s3gateway.ozone;

import dev.o3.client.api.OzoneClient;
import dev.o3.client.config.ClientConfigKeys;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.proto.om.BucketConfig;
import dev.o3.proto.om.BucketConfigPart;
import dev.o3.proto.om.CorsConfiguration;
import dev.o3.s3gateway.backend.BackendException;
import dev.o3.s3gateway.backend.BackendStatus;
import dev.o3.s3gateway.backend.BucketConfigStore;
import dev.o3.s3gateway.backend.BucketStore;
import dev.o3.s3gateway.backend.MultipartStore;
import dev.o3.s3gateway.backend.ObjectStore;
import dev.o3.s3gateway.backend.Requester;
import dev.o3.s3gateway.backend.S3Backend;
import dev.o3.s3gateway.backend.SecretStore;
import dev.o3.s3gateway.backend.VersionStore;
import dev.o3.s3gateway.config.S3GatewayConfigKeys;
import java.util.Objects;
import java.util.Optional;

/**
 * The S3 backend over one {@link OzoneClient}: every S3 user gets a view of the client acting as that user, and
 * unsigned requests one acting as OM's anonymous caller ({@code o3-anonymous}), so the gateway keeps one pool of
 * persistent OM channels and one set of datanode connections for everyone. OM decides what each may do. Thread-safe.
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

    /**
     * The configuration for the gateway's {@link OzoneClient}: all uploads share one write buffer of
     * {@code ozone.s3g.write.buffer.max}, which bounds the gateway's heap whatever the number and size of uploads;
     * small objects read are kept up to {@code ozone.s3g.read.cache.size}; and an upload waits for a block no longer
     * than {@code ozone.s3g.block.allocation.timeout}, so its S3 client gets a 503 to retry rather than its own read
     * timeout.
     */
    public static OzoneConfiguration clientConfiguration(OzoneConfiguration conf) {
        OzoneConfiguration client = conf.with(
                        ClientConfigKeys.WRITE_BUFFER_MAX, conf.get(S3GatewayConfigKeys.WRITE_BUFFER))
                .with(ClientConfigKeys.READ_SMALL_BLOCKS_CACHE, conf.get(S3GatewayConfigKeys.READ_CACHE))
                .with(
                        ClientConfigKeys.BLOCK_ALLOCATION_TIMEOUT,
                        conf.get(S3GatewayConfigKeys.BLOCK_ALLOCATION_TIMEOUT).toMillis() + "ms");
        // Secure mode: the gateway signs its calls to OM with its own service credential, as a trusted proxy.
        return conf.find(S3GatewayConfigKeys.CREDENTIALS_FILE)
                .map(file -> client.with(ClientConfigKeys.CREDENTIALS_FILE.name(), file.toString()))
                .orElse(client);
    }

    @Override
    public SecretStore secrets() {
        return new OzoneSecretStore(client);
    }

    @Override
    public BucketStore buckets(Requester requester) {
        return new OzoneBucketStore(storeOf(requester), volume, requester);
    }

    @Override
    public ObjectStore objects(Requester requester) {
        return new OzoneObjectStore(storeOf(requester), volume);
    }

    @Override
    public MultipartStore multipart(Requester requester) {
        return new OzoneMultipartStore(storeOf(requester), volume);
    }

    @Override
    public VersionStore versions(Requester requester) {
        return new OzoneVersionStore(storeOf(requester), volume);
    }

    @Override
    public BucketConfigStore configs(Requester requester) {
        return new OzoneBucketConfigStore(storeOf(requester), volume);
    }

    @Override
    public Optional<CorsConfiguration> cors(String bucket) {
        try {
            BucketConfig config = new OzoneBucketConfigStore(client.objectStore(), volume)
                    .get(bucket, BucketConfigPart.BUCKET_CONFIG_CORS);
            return config.hasCors() ? Optional.of(config.getCors()) : Optional.empty();
        } catch (BackendException e) {
            if (e.status() == BackendStatus.BUCKET_NOT_FOUND) {
                return Optional.empty();
            }
            throw e;
        }
    }

    private dev.o3.client.api.ObjectStore storeOf(Requester requester) {
        dev.o3.client.api.ObjectStore store =
                requester.user().map(client::objectStoreAs).orElseGet(client::objectStoreAsAnonymous);
        return requester.address().isEmpty() ? store : store.forClientAt(requester.address());
    }
}
