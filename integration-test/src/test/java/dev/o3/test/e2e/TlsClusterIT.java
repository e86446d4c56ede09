package dev.o3.test.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.client.api.S3Secret;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.grpc.GrpcConfig;
import dev.o3.common.grpc.GrpcFactory;
import dev.o3.common.grpc.TransportSecurity;
import dev.o3.common.security.tls.Pem;
import dev.o3.common.security.tls.ReloadingKeyManager;
import dev.o3.common.security.tls.TlsConfigKeys;
import dev.o3.common.security.tls.TlsMaterial;
import dev.o3.common.security.tls.TlsProvider;
import dev.o3.common.security.tls.TlsTransportSecurity;
import dev.o3.minicluster.MiniO3Cluster;
import dev.o3.server.security.ca.BootstrapProof;
import dev.o3.server.security.ca.CertificateAuthority;
import dev.o3.server.security.tls.CertificateException;
import dev.o3.server.security.tls.CertificateRequest;
import dev.o3.server.security.tls.ScmCertificateSigner;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A cluster with TLS on every channel (MiniO3Cluster's {@code tls()}), certificates lasting 30 seconds and renewed
 * 20 seconds before expiry, so every service renews several times while the tests run: real TLS on real sockets.
 */
@Tag("integration")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class TlsClusterIT {
    /** A method no server has: a port that completes the handshake answers UNIMPLEMENTED, one that refuses it not. */
    private static final MethodDescriptor<InputStream, InputStream> PROBE =
            MethodDescriptor.<InputStream, InputStream>newBuilder()
                    .setType(MethodDescriptor.MethodType.UNARY)
                    .setFullMethodName("o3.test.Probe/Probe")
                    .setRequestMarshaller(new RawMarshaller())
                    .setResponseMarshaller(new RawMarshaller())
                    .build();
    /** Ratis' append call, which only pipeline peers may make. */
    private static final MethodDescriptor<InputStream, InputStream> RATIS_APPEND = PROBE.toBuilder()
            .setFullMethodName("ratis.grpc.RaftServerProtocolService/appendEntries")
            .build();

    @TempDir
    static Path base;

    private static ClusterWithBucket cluster;

    @BeforeAll
    static void start() {
        cluster = ClusterWithBucket.start(MiniO3Cluster.builder(base.resolve("cluster"))
                .numDatanodes(3)
                .withS3Gateway()
                .tls()
                .conf(TlsConfigKeys.CERTIFICATE_DURATION.name(), "30s")
                .conf(TlsConfigKeys.RENEW_GRACE.name(), "20s")
                .conf(TlsConfigKeys.RENEW_CHECK_INTERVAL.name(), "1s")
                .build());
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void keysAreWrittenAndReadThroughClientAndS3() throws Exception {
        String digest = Keys.write(cluster.bucket(), "tls-key", 1 << 20, () -> {});
        assertThat(Keys.readDigest(cluster.bucket(), "tls-key")).isEqualTo(digest);

        S3Secret secret = cluster.client().objectStore().getS3Secret(System.getProperty("user.name"));
        int port = cluster.cluster().gateway().orElseThrow().port();
        try (S3Client s3 = S3Client.builder()
                .endpointOverride(URI.create("http://127.0.0.1:" + port))
                .region(Region.US_EAST_1)
                .forcePathStyle(true)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(secret.accessKey(), secret.secret())))
                .build()) {
            s3.createBucket(request -> request.bucket("tls-bucket"));
            byte[] object = random(4096);
            s3.putObject(request -> request.bucket("tls-bucket").key("object"), RequestBody.fromBytes(object));
            assertThat(s3.getObjectAsBytes(
                                    request -> request.bucket("tls-bucket").key("object"))
                            .asByteArray())
                    .isEqualTo(object);
        }
    }

    @Test
    void plaintextIsRefusedOnEverySecuredPort() {
        TransportSecurity service = serviceCertificate();
        for (HostAndPort port : securedPorts()) {
            assertThat(probe(port, TransportSecurity.PLAINTEXT))
                    .as("plaintext to %s", port)
                    .isEqualTo(Status.Code.UNAVAILABLE);
            assertThat(probe(port, service)).as("TLS to %s", port).isEqualTo(Status.Code.UNIMPLEMENTED);
        }
    }

    @Test
    void certificateNotIssuedByTheClusterCaIsRefused() {
        CertificateAuthority rogue = CertificateAuthority.loadOrCreate(
                base.resolve("rogue-ca"), Duration.ofDays(1), "rogue", Clock.systemUTC());
        CertificateRequest request = CertificateRequest.create("om", "intruder", Set.of("127.0.0.1"));
        List<X509Certificate> chain = rogue.sign(request.encoded(), Duration.ofHours(1));
        TransportSecurity intruder = TlsTransportSecurity.of(
                TlsMaterial.service(new ReloadingKeyManager(request.keys().getPrivate(), chain), clusterCa()));
        for (HostAndPort port : securedPorts()) {
            assertThat(probe(port, intruder))
                    .as("rogue certificate to %s", port)
                    .isEqualTo(Status.Code.UNAVAILABLE);
        }
    }

    @Test
    void servicePortsRefuseClientsWithoutCertificate() {
        TransportSecurity client = TlsTransportSecurity.of(TlsMaterial.client(clusterCa()));
        MiniO3Cluster mini = cluster.cluster();
        HostAndPort omRatis = new HostAndPort("127.0.0.1", mini.oms().get(0).ratisPort());
        HostAndPort scmDatanodes = new HostAndPort("127.0.0.1", mini.scm().datanodePort());
        HostAndPort scmBlocks = new HostAndPort("127.0.0.1", mini.scm().blockPort());
        for (HostAndPort port : List.of(omRatis, scmDatanodes, scmBlocks)) {
            assertThat(probe(port, client)).as("no certificate to %s", port).isEqualTo(Status.Code.UNAVAILABLE);
        }
        HostAndPort omClients = new HostAndPort("127.0.0.1", mini.oms().get(0).clientPort());
        assertThat(probe(omClients, client)).isEqualTo(Status.Code.UNIMPLEMENTED);
        // A datanode's Ratis port takes client writes without a certificate, but no peer calls.
        HostAndPort datanodeRatis = datanodePort(0, true);
        assertThat(call(datanodeRatis, client, RATIS_APPEND)).isEqualTo(Status.Code.UNAUTHENTICATED);
    }

    @Test
    void replicationPortAnswersOnlyMutualTlsWithACertificateOfTheClusterCa() throws Exception {
        var details = cluster.cluster().datanode(0).datanodeDetails();
        HostAndPort port = new HostAndPort(details.getIpAddress(), details.getReplicationPort());
        X509Certificate trust = clusterCa();

        // A datanode of the cluster gets an answer (no such container here: the request went through).
        assertThat(ReplicationPortProbe.ask(port, ReplicationPortProbe.tls(serviceKeys(), trust)))
                .contains("not on this datanode");
        assertThat(ReplicationPortProbe.ask(port, ReplicationPortProbe.plaintext()))
                .as("plaintext")
                .isEmpty();
        CertificateAuthority rogue = CertificateAuthority.loadOrCreate(
                base.resolve("rogue-replication-ca"), Duration.ofDays(1), "rogue", Clock.systemUTC());
        CertificateRequest request = CertificateRequest.create("dn", "intruder", Set.of("127.0.0.1"));
        ReloadingKeyManager intruder = new ReloadingKeyManager(
                request.keys().getPrivate(), rogue.sign(request.encoded(), Duration.ofHours(1)));
        assertThat(ReplicationPortProbe.ask(port, ReplicationPortProbe.tls(intruder, trust)))
                .as("rogue certificate")
                .isEmpty();
        assertThat(ReplicationPortProbe.ask(port, ReplicationPortProbe.tls(null, trust)))
                .as("no certificate")
                .isEmpty();
    }

    @Test
    void wrongBootstrapSecretGetsNoCertificate() {
        ScmCertificateSigner signer = new ScmCertificateSigner(
                new HostAndPort("127.0.0.1", cluster.cluster().scm().adminPort()),
                GrpcConfig.defaults(),
                new BootstrapProof("not the cluster's secret"),
                TlsProvider.OPENSSL);
        CertificateRequest request = CertificateRequest.create("dn", "intruder", Set.of("127.0.0.1"));
        assertThatThrownBy(() -> signer.sign(request.encoded()))
                .isInstanceOf(CertificateException.class)
                .hasMessageContaining("PERMISSION_DENIED");
    }

    @Test
    void certificatesAreRenewedWithoutRestartAndTrafficContinues() throws Exception {
        HostAndPort om =
                new HostAndPort("127.0.0.1", cluster.cluster().oms().get(0).clientPort());
        X509Certificate first = servedCertificate(om);
        Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
        // Past the first certificate's expiry, the OM must present a newer one (renewed twice by then).
        while (!Instant.now().isAfter(first.getNotAfter().toInstant().plusSeconds(1))) {
            assertThat(Instant.now())
                    .as("waiting for the first certificate to expire")
                    .isBefore(deadline);
            LockSupport.parkNanos(Duration.ofMillis(500).toNanos());
        }
        X509Certificate latest = servedCertificate(om);
        assertThat(latest.getSerialNumber()).isNotEqualTo(first.getSerialNumber());
        assertThat(latest.getNotAfter().toInstant()).isAfter(Instant.now());
        // The client's connections and the pipelines' were opened with certificates that have expired since.
        String digest = Keys.write(cluster.bucket(), "after-renewal", 256 << 10, () -> {});
        assertThat(Keys.readDigest(cluster.bucket(), "after-renewal")).isEqualTo(digest);
    }

    private static List<HostAndPort> securedPorts() {
        MiniO3Cluster mini = cluster.cluster();
        return List.of(
                new HostAndPort("127.0.0.1", mini.oms().get(0).clientPort()),
                new HostAndPort("127.0.0.1", mini.oms().get(0).ratisPort()),
                new HostAndPort("127.0.0.1", mini.scm().adminPort()),
                new HostAndPort("127.0.0.1", mini.scm().datanodePort()),
                new HostAndPort("127.0.0.1", mini.scm().blockPort()),
                datanodePort(0, true),
                datanodePort(0, false));
    }

    private static HostAndPort datanodePort(int index, boolean ratis) {
        var details = cluster.cluster().datanode(index).datanodeDetails();
        return new HostAndPort(details.getIpAddress(), ratis ? details.getRatisPort() : details.getStandalonePort());
    }

    /** A certificate of the cluster CA, got the way a new service gets one. */
    private static TransportSecurity serviceCertificate() {
        return TlsTransportSecurity.of(TlsMaterial.service(serviceKeys(), clusterCa()));
    }

    private static ReloadingKeyManager serviceKeys() {
        String secret = cluster.cluster().layout().scm().configuration().get(TlsConfigKeys.BOOTSTRAP_SECRET);
        ScmCertificateSigner signer = new ScmCertificateSigner(
                new HostAndPort("127.0.0.1", cluster.cluster().scm().adminPort()),
                GrpcConfig.defaults(),
                new BootstrapProof(secret),
                TlsProvider.OPENSSL);
        CertificateRequest request = CertificateRequest.create("dn", "probe", Set.of("127.0.0.1"));
        List<X509Certificate> chain = signer.sign(request.encoded());
        return new ReloadingKeyManager(request.keys().getPrivate(), chain);
    }

    private static X509Certificate clusterCa() {
        return Pem.readCertificates(cluster.cluster().scm().caCertificateFile().orElseThrow())
                .get(0);
    }

    private static Status.Code probe(HostAndPort port, TransportSecurity security) {
        return call(port, security, PROBE);
    }

    private static Status.Code call(
            HostAndPort port, TransportSecurity security, MethodDescriptor<InputStream, InputStream> method) {
        ManagedChannel channel = GrpcFactory.channel(port, GrpcConfig.defaults().withSecurity(security));
        try {
            ClientCalls.blockingUnaryCall(
                    channel,
                    method,
                    CallOptions.DEFAULT.withDeadlineAfter(20, TimeUnit.SECONDS),
                    new ByteArrayInputStream(new byte[0]));
            return Status.Code.OK;
        } catch (StatusRuntimeException e) {
            return e.getStatus().getCode();
        } finally {
            GrpcFactory.close(channel);
        }
    }

    /** The certificate a server presents in a new TLS handshake. */
    private static X509Certificate servedCertificate(HostAndPort port) throws Exception {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {TlsMaterial.client(clusterCa()).trustManager()}, null);
        try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket(port.host(), port.port())) {
            socket.startHandshake();
            return (X509Certificate) socket.getSession().getPeerCertificates()[0];
        }
    }

    private static byte[] random(int size) {
        byte[] data = new byte[size];
        new Random(size).nextBytes(data);
        return data;
    }

    private static final class RawMarshaller implements MethodDescriptor.Marshaller<InputStream> {
        @Override
        public InputStream stream(InputStream value) {
            return value;
        }

        @Override
        public InputStream parse(InputStream stream) {
            return stream;
        }
    }
}
