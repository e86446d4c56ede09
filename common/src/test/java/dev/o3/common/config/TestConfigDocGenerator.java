package dev.o3.common.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestConfigDocGenerator {
    @Test
    void everyInstalledKeyIsDocumentedWithItsDefault() {
        ConfigRegistry registry = ConfigRegistry.loadInstalled();

        String doc = ConfigDocGenerator.render(registry);

        assertThat(doc).startsWith("# Configuration reference");
        for (ConfigKey<?> key : new CommonConfigKeys().keys()) {
            assertThat(doc).contains("| `" + key.name() + "`");
        }
        assertThat(doc).contains("| `ozone.scm.block.size` | size | `256MB` |");
    }
}
