package dev.o3.s3gateway.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestS3GatewayConfig {
    @Test
    void defaults() {
        S3GatewayConfig config = S3GatewayConfig.from(OzoneConfiguration.of(Map.of()));

        assertThat(config.httpAddress()).isEqualTo(new HostAndPort("0.0.0.0", 9878));
        assertThat(config.domainNames()).isEmpty();
        assertThat(config.omChannels()).isEqualTo(2);
        assertThat(config.maxClockSkew()).isEqualTo(Duration.ofMinutes(15));
    }

    @Test
    void explicitValuesMapToFields() {
        S3GatewayConfig config = S3GatewayConfig.from(OzoneConfiguration.of(Map.of(
                "ozone.s3g.http-address", "127.0.0.1:0",
                "ozone.s3g.domain.name", "s3.local,s3.example.com",
                "ozone.s3g.om.channels", "4")));

        assertThat(config.httpAddress()).isEqualTo(new HostAndPort("127.0.0.1", 0));
        assertThat(config.domainNames()).containsExactly("s3.local", "s3.example.com");
        assertThat(config.omChannels()).isEqualTo(4);
    }
}
