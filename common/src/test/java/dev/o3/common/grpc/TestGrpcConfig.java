package dev.o3.common.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestGrpcConfig {
    @Test
    void defaults() {
        GrpcConfig config = GrpcConfig.from(OzoneConfiguration.of(Map.of()));

        assertThat(config.maxInboundMessageSize()).isEqualTo(DataSize.ofMebibytes(64));
        assertThat(config.keepAliveTime()).isEqualTo(Duration.ofHours(2));
        assertThat(config.keepAliveTimeout()).isEqualTo(Duration.ofSeconds(20));
        assertThat(config.security()).isSameAs(TransportSecurity.PLAINTEXT);
        assertThat(GrpcConfig.defaults()).isEqualTo(config);
    }

    @Test
    void keysMapToFields() {
        GrpcConfig config = GrpcConfig.from(OzoneConfiguration.of(Map.of(
                "hdds.grpc.message.size.max", "8MB",
                "hdds.grpc.keepalive.time", "30s",
                "hdds.grpc.keepalive.timeout", "5s")));

        assertThat(config.maxInboundMessageSize()).isEqualTo(DataSize.ofMebibytes(8));
        assertThat(config.keepAliveTime()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.keepAliveTimeout()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void ozoneOmResponseLengthIsAnAlias() {
        GrpcConfig config =
                GrpcConfig.from(OzoneConfiguration.of(Map.of("ozone.om.grpc.maximum.response.length", "134217728")));

        assertThat(config.maxInboundMessageSize()).isEqualTo(DataSize.ofMebibytes(128));
    }

    @Test
    void keepaliveBelowGrpcsMinimumIsRejectedNamingTheKey() {
        OzoneConfiguration conf = OzoneConfiguration.of(Map.of("hdds.grpc.keepalive.time", "5s"));

        assertThatThrownBy(() -> GrpcConfig.from(conf))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("hdds.grpc.keepalive.time");
    }

    @Test
    void messageSizeMustFitAnInt() {
        OzoneConfiguration zero = OzoneConfiguration.of(Map.of("hdds.grpc.message.size.max", "0"));
        OzoneConfiguration huge = OzoneConfiguration.of(Map.of("hdds.grpc.message.size.max", "2GB"));

        assertThatThrownBy(() -> GrpcConfig.from(zero)).hasMessageContaining("hdds.grpc.message.size.max");
        assertThatThrownBy(() -> GrpcConfig.from(huge)).hasMessageContaining("hdds.grpc.message.size.max");
    }

    @Test
    void serversPermitPingsAsOftenAsTheirOwnClientsSendThem() {
        GrpcConfig often = new GrpcConfig(
                DataSize.ofMebibytes(1), Duration.ofSeconds(30), Duration.ofSeconds(5), TransportSecurity.PLAINTEXT);

        assertThat(GrpcFactory.permittedPingInterval(often)).isEqualTo(Duration.ofSeconds(30));
        assertThat(GrpcFactory.permittedPingInterval(GrpcConfig.defaults())).isEqualTo(Duration.ofMinutes(5));
    }
}
