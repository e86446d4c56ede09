package dev.o3.common.security.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.OzoneConfiguration;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslProvider;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** hdds.grpc.tls.provider: parsed like Ozone's, OpenSSL by default, the JDK's engine when asked for or as fallback. */
class TestTlsProvider {
    @Test
    void openSslByDefaultAndLoadableHere() {
        assertThat(TlsProvider.from(OzoneConfiguration.of(Map.of()))).isEqualTo(TlsProvider.OPENSSL);
        // The build ships netty-tcnative's BoringSSL for linux-x86_64, the platform the project builds and runs on.
        assertThat(OpenSsl.isAvailable())
                .as("OpenSSL unavailable: %s", OpenSsl.unavailabilityCause())
                .isTrue();
        assertThat(TlsProvider.OPENSSL.netty()).isEqualTo(SslProvider.OPENSSL);
    }

    @Test
    void jdkWhenConfiguredInAnyCase() {
        for (String value : new String[] {"JDK", "jdk", " Jdk "}) {
            TlsProvider provider = TlsProvider.from(OzoneConfiguration.of(Map.of("hdds.grpc.tls.provider", value)));
            assertThat(provider).isEqualTo(TlsProvider.JDK);
            assertThat(provider.netty()).isEqualTo(SslProvider.JDK);
        }
        assertThat(TlsProvider.from(OzoneConfiguration.of(Map.of("hdds.grpc.tls.provider", "openssl"))))
                .isEqualTo(TlsProvider.OPENSSL);
    }

    @Test
    void unknownEngineIsRefusedWithTheKeyName() {
        assertThatThrownBy(() -> TlsProvider.from(OzoneConfiguration.of(Map.of("hdds.grpc.tls.provider", "BORINGSSL"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("hdds.grpc.tls.provider");
    }

    @Test
    void openSslFallsBackToTheJdkWhereItCannotBeLoaded() {
        AtomicInteger causesAsked = new AtomicInteger();
        assertThat(TlsProvider.OPENSSL.usesOpenSsl("a Netty without natives", () -> false, () -> {
                    causesAsked.incrementAndGet();
                    return new UnsatisfiedLinkError("no libnetty_tcnative");
                }))
                .isFalse();
        // Logged once per Netty copy, not at every context built.
        assertThat(TlsProvider.OPENSSL.usesOpenSsl("a Netty without natives", () -> false, () -> {
                    causesAsked.incrementAndGet();
                    return null;
                }))
                .isFalse();
        assertThat(causesAsked).hasValue(1);
        assertThat(TlsProvider.OPENSSL.usesOpenSsl("a Netty with natives", () -> true, () -> null))
                .isTrue();
    }

    @Test
    void jdkDoesNotLoadOpenSsl() {
        assertThat(TlsProvider.JDK.usesOpenSsl(
                        "a Netty with natives",
                        () -> {
                            throw new AssertionError("the JDK's engine must not load the native library");
                        },
                        () -> null))
                .isFalse();
    }
}
