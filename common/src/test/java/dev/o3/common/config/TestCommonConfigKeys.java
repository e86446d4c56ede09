package dev.o3.common.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TestCommonConfigKeys {
    @Test
    void scmAddressesDefaultToTheFirstScmNameWithTheServicePort() {
        OzoneConfiguration conf = OzoneConfiguration.of(Map.of("ozone.scm.names", "scm1,scm2"));

        assertThat(CommonConfigKeys.scmAddress(
                        conf, CommonConfigKeys.SCM_DATANODE_ADDRESS, CommonConfigKeys.SCM_DATANODE_PORT))
                .isEqualTo(new HostAndPort("scm1", 9861));
        assertThat(CommonConfigKeys.scmAddress(
                        conf, CommonConfigKeys.SCM_BLOCK_ADDRESS, CommonConfigKeys.SCM_BLOCK_PORT))
                .isEqualTo(new HostAndPort("scm1", 9863));
    }

    @Test
    void explicitScmServiceAddressWins() {
        OzoneConfiguration conf =
                OzoneConfiguration.of(Map.of("ozone.scm.names", "scm1", "ozone.scm.client.address", "127.0.0.5:19860"));

        assertThat(CommonConfigKeys.scmAddress(
                        conf, CommonConfigKeys.SCM_CLIENT_ADDRESS, CommonConfigKeys.SCM_CLIENT_PORT))
                .isEqualTo(new HostAndPort("127.0.0.5", 19860));
    }

    @Test
    void defaultsMatchApacheOzone() {
        OzoneConfiguration conf = OzoneConfiguration.of(Map.of());

        assertThat(conf.get(CommonConfigKeys.SCM_NAMES)).containsExactly("localhost");
        assertThat(conf.get(CommonConfigKeys.OM_ADDRESS)).containsExactly("localhost:9862");
        assertThat(conf.get(CommonConfigKeys.BLOCK_SIZE)).isEqualTo(DataSize.ofMebibytes(256));
        assertThat(conf.get(CommonConfigKeys.CONTAINER_SIZE)).isEqualTo(DataSize.ofGibibytes(5));
        assertThat(conf.get(CommonConfigKeys.SECURITY_ENABLED)).isFalse();
        assertThat(conf.find(CommonConfigKeys.TOPOLOGY_TABLE)).isEmpty();
        assertThat(conf.find(CommonConfigKeys.METADATA_DIRS)).isEmpty();
    }
}
