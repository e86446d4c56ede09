package dev.o3.server.security.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.ratis.RatisTls;
import dev.o3.common.security.tls.ReloadingKeyManager;
import dev.o3.common.security.tls.TlsMaterial;
import dev.o3.common.security.tls.TlsProvider;
import dev.o3.common.security.tls.TlsTransportSecurity;
import dev.o3.server.security.ca.CertificateAuthority;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import org.apache.ratis.conf.Parameters;
import org.apache.ratis.grpc.GrpcConfigKeys;
import org.apache.ratis.grpc.GrpcUtil;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Ratis' TLS contexts (its own shaded Netty) are built with the configured engine, on the server and client side. */
class TestRatisTlsEngine {
    @TempDir
    Path directory;

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void peersAndClientsGetTheConfiguredEngine(TlsProvider engine) {
        CertificateAuthority ca =
                CertificateAuthority.loadOrCreate(directory.resolve("ca"), Duration.ofDays(1), "ca", Clock.systemUTC());
        CertificateRequest request = CertificateRequest.create("test", "peer", Set.of("127.0.0.1"));
        ReloadingKeyManager keys =
                new ReloadingKeyManager(request.keys().getPrivate(), ca.sign(request.encoded(), Duration.ofHours(1)));
        TlsMaterial service = TlsMaterial.service(keys, ca.certificate()).withProvider(engine);
        TlsMaterial user = TlsMaterial.client(ca.certificate()).withProvider(engine);
        String expected = engine == TlsProvider.OPENSSL ? "OPENSSL" : "JDK";

        Parameters ring = RatisTls.peersOnly(TlsTransportSecurity.of(service)).orElseThrow();
        assertThat(GrpcConfigKeys.Server.tlsConf(ring).getSslProvider().name()).isEqualTo(expected);
        assertThat(GrpcConfigKeys.Client.tlsConf(ring).getSslProvider().name()).isEqualTo(expected);
        assertThat(GrpcConfigKeys.Admin.tlsConf(ring).getSslProvider().name()).isEqualTo(expected);
        Parameters client = RatisTls.client(TlsTransportSecurity.of(user)).orElseThrow();
        assertThat(GrpcConfigKeys.Client.tlsConf(client).getSslProvider().name())
                .isEqualTo(expected);

        // Ratis builds its contexts from these: OpenSSL's or the JDK's Netty context classes.
        String prefix = engine == TlsProvider.OPENSSL ? "OpenSsl" : "Jdk";
        assertThat(GrpcUtil.buildSslContextForServer(GrpcConfigKeys.Server.tlsConf(ring))
                        .getClass()
                        .getSimpleName())
                .startsWith(prefix);
        assertThat(GrpcUtil.buildSslContextForClient(GrpcConfigKeys.Client.tlsConf(client))
                        .getClass()
                        .getSimpleName())
                .startsWith(prefix);
    }
}
