package dev.o3.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TestLocalDefaults {
    @Test
    void oneRaftGroupPerRatisDirUnlessTheUserChoosesPipelines() {
        assertThat(LocalDefaults.forOverrides(Map.of("hdds.container.chunk.write.sync", "false")))
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("ozone.scm.datanode.pipeline.limit", "0", "ozone.scm.pipeline.per.metadata.disk", "1"));
    }

    @Test
    void aPipelineSettingOfTheUserIsLeftAlone() {
        assertThat(LocalDefaults.forOverrides(Map.of("ozone.scm.datanode.pipeline.limit", "2")))
                .isEmpty();
        assertThat(LocalDefaults.forOverrides(Map.of("ozone.datanode.pipeline.limit", "3")))
                .as("the legacy alias")
                .isEmpty();
        assertThat(LocalDefaults.forOverrides(Map.of("ozone.scm.pipeline.per.metadata.disk", "2")))
                .isEmpty();
    }
}
