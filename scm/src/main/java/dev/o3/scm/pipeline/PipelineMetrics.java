package dev.o3.scm.pipeline;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Map;
import java.util.function.Supplier;

/** Pipeline metrics on SCM's {@code /prom}. Thread-safe. */
public final class PipelineMetrics {
    static final String PIPELINES_PER_NODE = "scm_datanode_pipelines";
    static final String LEADERS_PER_NODE = "scm_datanode_pipeline_leaders";
    static final String CREATED = "scm_pipelines_created";
    static final String CLOSED = "scm_pipelines_closed";
    static final String CREATION_FAILURES = "scm_pipeline_creation_failures";
    static final String RACK_FALLBACKS = "scm_pipeline_rack_fallbacks";

    private final Counter created;
    private final Counter closed;
    private final Counter creationFailures;
    private final Counter rackFallbacks;

    public PipelineMetrics(PrometheusRegistry registry) {
        created = Counter.builder()
                .name(CREATED)
                .help("RATIS/THREE pipelines SCM allocated")
                .register(registry);
        closed = Counter.builder()
                .name(CLOSED)
                .help("Pipelines SCM closed (member dead, or admin)")
                .register(registry);
        creationFailures = Counter.builder()
                .name(CREATION_FAILURES)
                .help("Placement rounds that found free capacity but could not create a pipeline")
                .register(registry);
        rackFallbacks = Counter.builder()
                .name(RACK_FALLBACKS)
                .help("Pipelines placed without the 2+1 rack rule (one rack, or racks too unequal)")
                .register(registry);
    }

    /** Registers the per-datanode gauges, read from the pipeline manager at scrape time. */
    void registerNodeGauges(
            PrometheusRegistry registry,
            Supplier<Map<String, Integer>> pipelinesPerNode,
            Supplier<Map<String, Integer>> leadersPerNode) {
        GaugeWithCallback.builder()
                .name(PIPELINES_PER_NODE)
                .help("Non-closed RATIS/THREE pipelines each datanode is a member of")
                .labelNames("datanode")
                .callback(callback -> pipelinesPerNode.get().forEach((node, count) -> callback.call(count, node)))
                .register(registry);
        GaugeWithCallback.builder()
                .name(LEADERS_PER_NODE)
                .help("Non-closed pipelines each datanode leads (reported, else suggested leader)")
                .labelNames("datanode")
                .callback(callback -> leadersPerNode.get().forEach((node, count) -> callback.call(count, node)))
                .register(registry);
    }

    void recordCreated(int pipelines, int fallbacks) {
        created.inc(pipelines);
        rackFallbacks.inc(fallbacks);
    }

    void recordClosed() {
        closed.inc();
    }

    void recordCreationFailure() {
        creationFailures.inc();
    }

    public long rackFallbacks() {
        return (long) rackFallbacks.get();
    }

    public long creationFailures() {
        return (long) creationFailures.get();
    }
}
