package dev.o3.s3gateway.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.common.config.DataSize;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Defaults and mappings of the gateway's keys. */
class TestS3GatewayConfig {
    @Test
    void hasOzoneDefaults() {
        S3GatewayConfig config = S3GatewayConfig.from(OzoneConfiguration.of(Map.of()));

        assertThat(config.httpAddress()).isEqualTo(new HostAndPort("0.0.0.0", 9878));
        assertThat(config.webAdminAddress()).isEqualTo(new HostAndPort("0.0.0.0", 19878));
        assertThat(config.domainNames()).isEmpty();
        assertThat(config.omChannels()).isEqualTo(2);
        assertThat(config.maxClockSkew()).isEqualTo(Duration.ofMinutes(15));
        assertThat(config.secretCacheTtl()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.workerThreads()).isEqualTo(64);
        assertThat(config.eventLoopThreads()).isZero();
        assertThat(config.requestBuffer()).isEqualTo(DataSize.ofMebibytes(1));
        assertThat(config.idleTimeout()).isEqualTo(Duration.ofMinutes(5));
        assertThat(config.listMaxKeys()).isEqualTo(1000);
        assertThat(config.region()).isEqualTo("us-east-1");
    }

    @Test
    void readsEveryKey() {
        S3GatewayConfig config = S3GatewayConfig.from(OzoneConfiguration.of(Map.of(
                "ozone.s3g.http-address", "127.0.0.1:1000",
                "ozone.s3g.webadmin.http-address", "127.0.0.1:1001",
                "ozone.s3g.domain.name", "s3.example.com,s3.local",
                "ozone.s3g.worker.threads", "8",
                "ozone.s3g.secret.cache.ttl", "0s",
                "ozone.s3g.event-loop.threads", "2",
                "ozone.s3g.request.buffer.size", "4MB",
                "ozone.s3g.list.max.keys.limit", "500",
                "ozone.s3g.idle.timeout", "30s",
                "ozone.s3g.region", "eu-west-1")));

        assertThat(config.httpAddress()).isEqualTo(new HostAndPort("127.0.0.1", 1000));
        assertThat(config.webAdminAddress()).isEqualTo(new HostAndPort("127.0.0.1", 1001));
        assertThat(config.domainNames()).isEqualTo(List.of("s3.example.com", "s3.local"));
        assertThat(config.workerThreads()).isEqualTo(8);
        assertThat(config.secretCacheTtl()).isZero();
        assertThat(config.eventLoopThreads()).isEqualTo(2);
        assertThat(config.requestBuffer()).isEqualTo(DataSize.ofMebibytes(4));
        assertThat(config.listMaxKeys()).isEqualTo(500);
        assertThat(config.idleTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.region()).isEqualTo("eu-west-1");
        assertThat(new S3GatewayConfigKeys().keys()).hasSize(16);
    }
}
