package dev.o3.s3gateway.ozone;

import dev.o3.client.api.OzoneClient;
import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.security.UserCredential;
import dev.o3.s3gateway.config.S3GatewayConfigKeys;
import dev.o3.s3gateway.server.S3GatewayServer;
import dev.o3.server.lifecycle.Daemon;
import dev.o3.server.lifecycle.DaemonLifecycle;
import dev.o3.server.security.tls.HttpsCertificate;
import dev.o3.server.security.tls.ServiceCertificate;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;

/**
 * {@code ozone s3g}: the S3 gateway serving the cluster of {@code ozone.om.address}, through one client (persistent
 * OM channels, cached datanode connections) acting as the gateway's service user. Thread-safe lifecycle ({@link
 * DaemonLifecycle}).
 */
public final class OzoneS3GatewayDaemon implements Daemon {
    private final OzoneConfiguration conf;
    private final Clock clock;
    private final DaemonLifecycle lifecycle = new DaemonLifecycle("s3g-ozone");
    private volatile S3GatewayServer server;

    public OzoneS3GatewayDaemon(OzoneConfiguration conf, Clock clock) {
        this.conf = conf;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "s3g";
    }

    @Override
    public void start() {
        lifecycle.start(components -> {
            Optional<ServiceCertificate> certificate = certificate(
                    conf,
                    conf.find(CommonConfigKeys.METADATA_DIRS)
                            .orElseGet(() -> Path.of(System.getProperty("java.io.tmpdir"), "o3-s3g")),
                    clock);
            certificate.ifPresent(components::add);
            OzoneClient client = components.add(client(conf, certificate));
            server = components.add(new S3GatewayServer(
                    conf,
                    new OzoneS3Backend(client, conf.get(CommonConfigKeys.S3_VOLUME)),
                    clock,
                    HttpsCertificate.forHttp(conf, certificate)));
            server.start();
        });
    }

    /**
     * The gateway's certificate from the cluster CA, kept in {@code directory}, when {@code conf} turns TLS on: the
     * gateway is a service, so it shows a certificate to OM and datanodes.
     */
    public static Optional<ServiceCertificate> certificate(OzoneConfiguration conf, Path directory, Clock clock) {
        String host = conf.get(S3GatewayConfigKeys.HTTP_ADDRESS).host();
        return ServiceCertificate.forService(
                conf, new ServiceCertificate.Identity("s3g", host, Set.of(host), directory), clock);
    }

    /**
     * The gateway's client of the cluster, with its certificate if any, signing with the credential in {@code
     * ozone.s3g.credentials.file} (default: the OS user's ~/.ozone/credentials) when there is one.
     */
    public static OzoneClient client(OzoneConfiguration conf, Optional<ServiceCertificate> certificate) {
        return client(conf, certificate, OzoneClient.credentialOf(OzoneS3Backend.clientConfiguration(conf)));
    }

    /**
     * The gateway's client of the cluster, with its certificate if any: in secure mode it signs with {@code
     * credential}, a trusted proxy's (it then acts for each S3 user), else it acts unsigned as the gateway's OS user.
     */
    public static OzoneClient client(
            OzoneConfiguration conf, Optional<ServiceCertificate> certificate, Optional<UserCredential> credential) {
        OzoneConfiguration clientConf = OzoneS3Backend.clientConfiguration(conf);
        GrpcConfig grpc = GrpcConfig.from(clientConf);
        if (certificate.isPresent()) {
            grpc = grpc.withSecurity(certificate.get().transportSecurity());
        }
        String user = credential.map(UserCredential::accessKeyId).orElseGet(() -> System.getProperty("user.name"));
        return OzoneClient.create(clientConf, user, credential, grpc);
    }

    /** The bound S3 port. */
    public int port() {
        return server.port();
    }

    @Override
    public void close() {
        lifecycle.close();
    }
}
