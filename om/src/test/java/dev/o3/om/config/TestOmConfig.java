package dev.o3.om.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.o3.common.config.ConfigException;
import dev.o3.common.config.HostAndPort;
import dev.o3.common.config.OzoneConfiguration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestOmConfig {
    @Test
    void defaultsUseTheMetadataDir() {
        OmConfig config = OmConfig.from(OzoneConfiguration.of(Map.of("ozone.metadata.dirs", "/meta")));

        assertThat(config.dbDirectory()).isEqualTo(Path.of("/meta/om"));
        assertThat(config.ratisDirectory()).isEqualTo(Path.of("/meta/om-ratis"));
        assertThat(config.nodeId()).isEqualTo("om1");
        assertThat(config.self().clientAddress()).isEqualTo(new HostAndPort("localhost", 9862));
        assertThat(config.self().ratisAddress()).isEqualTo(new HostAndPort("localhost", 9872));
        assertThat(config.httpAddress().port()).isEqualTo(9874);
        assertThat(config.openKeyExpireThreshold()).isEqualTo(Duration.ofDays(7));
        assertThat(config.s3Volume()).isEqualTo("s3v");
        assertThat(config.ratis().electionTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.ratis().requestTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(config.ratis().snapshotThreshold()).isEqualTo(400_000);
        assertThat(config.ratis().maxUnflushed()).isEqualTo(10_000);
        assertThat(config.requests().handlerCount()).isEqualTo(20);
        assertThat(config.requests().administrators()).isEmpty();
        assertThat(config.requests().minPartSize()).isEqualTo(5L << 20);
        assertThat(config.requests().defaultBucketLayout()).isEqualTo("file_system_optimized");
        assertThat(config.requests().defaultReplicationFactor()).isEqualTo(3);
        assertThat(config.requests().blockSize()).isEqualTo(256L << 20);
        assertThat(config.requests().retryCacheExpiry()).isEqualTo(Duration.ofMinutes(10));
        assertThat(config.requests().retryCacheMaxEntries()).isEqualTo(500_000);
        assertThat(config.services().openKeyCleanupInterval()).isEqualTo(Duration.ofHours(24));
        assertThat(config.services().keyDeletingInterval()).isEqualTo(Duration.ofSeconds(60));
        assertThat(config.services().directoryDeletingInterval()).isEqualTo(Duration.ofSeconds(60));
        assertThat(config.services().scmRequestTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.scmBlockAddress()).isEqualTo(new HostAndPort("localhost", 9863));
    }

    @Test
    void explicitValuesMapToFields() {
        OmConfig config = OmConfig.from(OzoneConfiguration.of(Map.of(
                "ozone.om.db.dirs", "/om-db",
                "ozone.om.ratis.storage.dir", "/om-log",
                "ozone.om.open.key.expire.threshold", "1h",
                "ozone.administrators", "alice,bob",
                "ozone.default.bucket.layout", "OBJECT_STORE",
                "ozone.om.leader.election.minimum.timeout.duration", "200ms",
                "ozone.om.ratis.server.retrycache.timeout", "2m",
                "ozone.om.ratis.server.retrycache.max.entries", "1000")));

        assertThat(config.dbDirectory()).isEqualTo(Path.of("/om-db"));
        assertThat(config.ratisDirectory()).isEqualTo(Path.of("/om-log"));
        assertThat(config.openKeyExpireThreshold()).isEqualTo(Duration.ofHours(1));
        assertThat(config.requests().administrators()).isEqualTo(Set.of("alice", "bob"));
        assertThat(config.requests().defaultBucketLayout()).isEqualTo("object_store");
        assertThat(config.ratis().electionTimeout()).isEqualTo(Duration.ofMillis(200));
        assertThat(config.requests().retryCacheExpiry()).isEqualTo(Duration.ofMinutes(2));
        assertThat(config.requests().retryCacheMaxEntries()).isEqualTo(1000);
    }

    @Test
    void theRetryCacheKeepsRepliesForSomeTime() {
        assertThatThrownBy(() -> OmConfig.from(OzoneConfiguration.of(
                        Map.of("ozone.metadata.dirs", "/meta", "ozone.om.ratis.server.retrycache.timeout", "0s"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("ozone.om.ratis.server.retrycache.timeout");
        assertThatThrownBy(() -> OmConfig.from(OzoneConfiguration.of(
                        Map.of("ozone.metadata.dirs", "/meta", "ozone.om.ratis.server.retrycache.max.entries", "0"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("ozone.om.ratis.server.retrycache.max.entries");
    }

    @Test
    void threeAddressesMakeAnHaGroup() {
        OmConfig config = OmConfig.from(OzoneConfiguration.of(Map.of(
                "ozone.metadata.dirs", "/meta",
                "ozone.om.address", "h1:1001,h2:1002,h3:1003",
                "ozone.om.ratis.addresses", "h1:2001,h2:2002,h3:2003",
                "ozone.om.node.id", "om2")));

        assertThat(config.nodes()).extracting(OmNode::id).containsExactly("om1", "om2", "om3");
        assertThat(config.self().clientAddress()).isEqualTo(new HostAndPort("h2", 1002));
        assertThat(config.self().ratisAddress()).isEqualTo(new HostAndPort("h2", 2002));
    }

    @Test
    void haNeedsANodeIdAmongTheAddresses() {
        assertThatThrownBy(() -> OmConfig.from(
                        OzoneConfiguration.of(Map.of("ozone.metadata.dirs", "/meta", "ozone.om.address", "h1,h2,h3"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("ozone.om.node.id");
        assertThatThrownBy(() -> OmConfig.from(OzoneConfiguration.of(Map.of(
                        "ozone.metadata.dirs", "/meta", "ozone.om.address", "h1,h2,h3", "ozone.om.node.id", "om4"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("om4");
    }

    @Test
    void aStaticBlockTokenSecretReplacesScmKeysOnlyInSecureMode() {
        assertThat(OmConfig.from(OzoneConfiguration.of(
                                Map.of("ozone.metadata.dirs", "/meta", "ozone.security.enabled", "true")))
                        .blockTokens()
                        .secret())
                .as("secure mode without a static secret: SCM's keys")
                .isEmpty();
        OmConfig secured = OmConfig.from(OzoneConfiguration.of(Map.of(
                "ozone.metadata.dirs", "/meta",
                "ozone.security.enabled", "true",
                "hdds.block.token.secret", "s3cr3t")));
        assertThat(secured.blockTokens().secret()).contains("s3cr3t");
        assertThat(secured.blockTokens().lifetime()).isEqualTo(Duration.ofDays(1));
        assertThat(secured.blockTokens().toString()).doesNotContain("s3cr3t");
        assertThat(OmConfig.from(OzoneConfiguration.of(
                                Map.of("ozone.metadata.dirs", "/meta", "hdds.block.token.secret", "s3cr3t")))
                        .blockTokens()
                        .secret())
                .as("no tokens while security is off")
                .isEmpty();
    }

    @Test
    void noDirectoryIsRejected() {
        assertThatThrownBy(() -> OmConfig.from(OzoneConfiguration.of(Map.of())))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("ozone.om.db.dirs");
    }
}
