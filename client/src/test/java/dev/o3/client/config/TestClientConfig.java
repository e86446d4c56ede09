package dev.o3.client.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.DataSize;
import dev.o3.common.config.OzoneConfiguration;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestClientConfig {
    @Test
    void defaults() {
        ClientConfig config = ClientConfig.from(OzoneConfiguration.of(Map.of()));

        assertThat(config.bytesPerChecksum()).isEqualTo(DataSize.ofKibibytes(16));
        assertThat(config.chunkSize()).isEqualTo(DataSize.ofMebibytes(4));
        assertThat(config.writeWindow()).isEqualTo(16);
        assertThat(config.replicationFactor()).isEqualTo(3);
        assertThat(config.maxRetries()).isEqualTo(5);
        assertThat(config.blockAllocationTimeout()).isEqualTo(Duration.ofMinutes(2));
        assertThat(config.failoverTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.blockSize()).isEqualTo(DataSize.ofMebibytes(256));
        assertThat(config.writeBufferMax()).isEqualTo(DataSize.ofBytes(0));
    }

    @Test
    void writeBufferHoldsAtLeastOneChunk() {
        assertThat(ClientConfig.from(OzoneConfiguration.of(Map.of("ozone.client.write.buffer.max", "64MB")))
                        .writeBufferMax())
                .isEqualTo(DataSize.ofMebibytes(64));
        OzoneConfiguration conf = OzoneConfiguration.of(Map.of("ozone.client.write.buffer.max", "1MB"));

        assertThatThrownBy(() -> ClientConfig.from(conf))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("ozone.client.write.buffer.max");
    }

    @Test
    void chunkSizeMustBeAMultipleOfTheChecksumSlice() {
        OzoneConfiguration conf = OzoneConfiguration.of(
                Map.of("ozone.client.bytes.per.checksum", "16KB", "ozone.client.stream.buffer.size", "20KB"));

        assertThatThrownBy(() -> ClientConfig.from(conf))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("ozone.client.stream.buffer.size");
    }

    @Test
    void replicationIsOneOrThree() {
        assertThat(ClientConfig.from(OzoneConfiguration.of(Map.of("ozone.replication", "1")))
                        .replicationFactor())
                .isEqualTo(1);
        assertThatThrownBy(() -> OzoneConfiguration.of(Map.of("ozone.replication", "2")))
                .isInstanceOf(ConfigException.class);
    }
}
