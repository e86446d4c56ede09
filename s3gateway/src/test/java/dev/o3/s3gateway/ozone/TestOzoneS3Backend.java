package dev.o3.s3gateway.ozone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.client.config.ClientConfig;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The gateway's client shares one bounded write buffer among all uploads and keeps the small objects it read. */
class TestOzoneS3Backend {
    @Test
    void gatewayClientWriteBufferIsBoundedByDefault() {
        ClientConfig config = ClientConfig.from(OzoneS3Backend.clientConfiguration(OzoneConfiguration.of(Map.of())));

        assertThat(config.writeBufferMax()).isEqualTo(DataSize.ofMebibytes(64));
        assertThat(config.blockAllocationTimeout()).isEqualTo(Duration.ofSeconds(20));
        assertThat(config.smallBlocksCache()).isEqualTo(DataSize.ofMebibytes(32));
    }

    @Test
    void theGatewaysReadCacheKeySizesItsClientsSmallBlockCache() {
        ClientConfig config = ClientConfig.from(OzoneS3Backend.clientConfiguration(OzoneConfiguration.of(
                Map.of("ozone.s3g.read.cache.size", "0", "ozone.client.read.small-blocks.cache.size", "8MB"))));

        assertThat(config.smallBlocksCache()).isEqualTo(DataSize.ofBytes(0));
    }

    @Test
    void gatewayKeyOverridesTheClientKey() {
        ClientConfig config = ClientConfig.from(OzoneS3Backend.clientConfiguration(OzoneConfiguration.of(
                Map.of("ozone.s3g.write.buffer.max", "256MB", "ozone.client.write.buffer.max", "8MB"))));

        assertThat(config.writeBufferMax()).isEqualTo(DataSize.ofMebibytes(256));
    }

    @Test
    void anUploadWaitsForABlockAsLongAsTheGatewayKeySays() {
        ClientConfig config = ClientConfig.from(OzoneS3Backend.clientConfiguration(OzoneConfiguration.of(
                Map.of("ozone.s3g.block.allocation.timeout", "5s", "ozone.client.block.allocation.timeout", "2m"))));

        assertThat(config.blockAllocationTimeout()).isEqualTo(Duration.ofSeconds(5));
    }
}
