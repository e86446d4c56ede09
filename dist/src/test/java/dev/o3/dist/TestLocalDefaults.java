package dev.o3.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestLocalDefaults {
    private static final Map<String, String> SCM_PERIODS = Map.of(
            "hdds.scm.replication.thread.interval", "5s",
            "hdds.scm.wait.time.after.safemode.exit", "10s",
            "ozone.scm.datanode.admin.monitor.interval", "5s");

    @Test
    void oneRaftGroupPerRatisDirAndShortScmPeriodsUnlessTheUserSetsThem() {
        Map<String, String> expected = new HashMap<>(SCM_PERIODS);
        expected.put("ozone.scm.datanode.pipeline.limit", "0");
        expected.put("ozone.scm.pipeline.per.metadata.disk", "1");

        assertThat(LocalDefaults.forOverrides(Map.of("hdds.container.chunk.write.sync", "false")))
                .containsExactlyInAnyOrderEntriesOf(expected);
    }

    @Test
    void aPipelineSettingOfTheUserIsLeftAlone() {
        assertThat(LocalDefaults.forOverrides(Map.of("ozone.scm.datanode.pipeline.limit", "2")))
                .containsExactlyInAnyOrderEntriesOf(SCM_PERIODS);
        assertThat(LocalDefaults.forOverrides(Map.of("ozone.datanode.pipeline.limit", "3")))
                .as("the legacy alias")
                .containsExactlyInAnyOrderEntriesOf(SCM_PERIODS);
        assertThat(LocalDefaults.forOverrides(Map.of("ozone.scm.pipeline.per.metadata.disk", "2")))
                .containsExactlyInAnyOrderEntriesOf(SCM_PERIODS);
    }

    @Test
    void aPeriodTheUserSetsIsLeftAlone() {
        assertThat(LocalDefaults.forOverrides(Map.of("hdds.scm.replication.thread.interval", "1m")))
                .doesNotContainKey("hdds.scm.replication.thread.interval")
                .containsEntry("hdds.scm.wait.time.after.safemode.exit", "10s");
    }
}
