package dev.o3.scm.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.scm.block.ExcludeList;
import dev.o3.scm.metrics.ScmMetrics;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SCM's metrics as a scrape of its registry sees them, following node, pipeline, container and block changes. */
class TestScmMetrics {
    @TempDir
    Path directory;

    private ScmFixture fixture;

    @AfterEach
    void close() {
        fixture.close();
    }

    @Test
    void gaugesAndCountersFollowTheCluster() {
        fixture = new ScmFixture(directory, Map.of("ozone.scm.datanode.pipeline.limit", "1"));
        StorageContainerManager scm = fixture.open();
        assertThat(value(ScmMetrics.SAFE_MODE, Labels.EMPTY)).isEqualTo(1);
        assertThat(value(ScmMetrics.NODES, state("healthy"))).isZero();

        fixture.registerAll(3);

        assertThat(value(ScmMetrics.SAFE_MODE, Labels.EMPTY)).isZero();
        assertThat(value(ScmMetrics.NODES, state("healthy"))).isEqualTo(3);
        assertThat(value(ScmMetrics.PIPELINES, state("allocated"))).isEqualTo(1);
        assertThat(value(ScmMetrics.PIPELINES_CREATED, Labels.EMPTY)).isEqualTo(1);
        assertThat(value(ScmMetrics.DATANODE_PIPELINES, Labels.of("datanode", "dn2")))
                .isEqualTo(1);

        fixture.openAllPipelines();
        var unused = scm.blocks().allocate(1024, 2, ExcludeList.none());

        assertThat(value(ScmMetrics.PIPELINES, state("allocated"))).isZero();
        assertThat(value(ScmMetrics.PIPELINES, state("open"))).isEqualTo(1);
        assertThat(value(ScmMetrics.CONTAINERS, state("open")))
                .as("one container per allocated block, up to three per pipeline")
                .isEqualTo(2);
        assertThat(value(ScmMetrics.BLOCKS_ALLOCATED, Labels.EMPTY)).isEqualTo(2);

        fixture.passDeadInterval(List.of("dn0", "dn1"));

        assertThat(value(ScmMetrics.NODES, state("healthy"))).isEqualTo(2);
        assertThat(value(ScmMetrics.NODES, state("dead"))).isEqualTo(1);
        assertThat(value(ScmMetrics.PIPELINES, state("open"))).isZero();
        assertThat(value(ScmMetrics.PIPELINES_CLOSED, Labels.EMPTY)).isEqualTo(1);
        assertThat(value(ScmMetrics.CONTAINERS, state("open"))).isZero();
        assertThat(value(ScmMetrics.CONTAINERS, state("closing"))).isEqualTo(2);
    }

    @Test
    void everyMetricFollowsTheNamingScheme() {
        fixture = new ScmFixture(directory, Map.of());
        fixture.open();

        assertThat(fixture.registry().scrape()).isNotEmpty().allSatisfy(metric -> {
            assertThat(metric.getMetadata().getPrometheusName()).startsWith("o3_scm_");
            assertThat(metric.getMetadata().getHelp()).isNotBlank();
        });
    }

    private static Labels state(String state) {
        return Labels.of("state", state);
    }

    private double value(String name, Labels labels) {
        for (MetricSnapshot metric : fixture.registry().scrape()) {
            if (!metric.getMetadata().getName().equals(name)) {
                continue;
            }
            for (DataPointSnapshot point : metric.getDataPoints()) {
                if (point.getLabels().equals(labels)) {
                    if (point instanceof CounterSnapshot.CounterDataPointSnapshot counter) {
                        return counter.getValue();
                    }
                    return ((GaugeSnapshot.GaugeDataPointSnapshot) point).getValue();
                }
            }
        }
        throw new AssertionError("no " + name + labels + " in the scrape");
    }
}
