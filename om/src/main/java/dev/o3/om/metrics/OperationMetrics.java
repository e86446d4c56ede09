package dev.o3.om.metrics;

import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Histogram;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The request metrics of one OM operation with their labels resolved once: recording is a few adds, no label lookup.
 * Series appear on first use, as before, so {@code /prom} lists only what happened. Other statuses than OK are looked
 * up when they happen (they are rare). Thread-safe.
 */
public final class OperationMetrics {
    private static final String OK = "OK";

    private final String operation;
    private final Counter requests;
    private final Histogram latencies;
    private final Histogram stageLatencies;
    private final Map<Stage, DistributionDataPoint> stages = new ConcurrentHashMap<>();
    private volatile CounterDataPoint succeeded;
    private volatile DistributionDataPoint latency;

    OperationMetrics(String operation, Counter requests, Histogram latencies, Histogram stageLatencies) {
        this.operation = operation;
        this.requests = requests;
        this.latencies = latencies;
        this.stageLatencies = stageLatencies;
    }

    public String operation() {
        return operation;
    }

    /** One answered request: its status (an {@code OmStatus} name) and its latency from arrival to reply. */
    public void recordRequest(String status, long nanos) {
        CounterDataPoint counter;
        if (status.equals(OK)) {
            counter = succeeded;
            if (counter == null) {
                counter = requests.labelValues(operation, OK);
                succeeded = counter;
            }
        } else {
            counter = requests.labelValues(operation, status);
        }
        counter.inc();
        DistributionDataPoint histogram = latency;
        if (histogram == null) {
            histogram = latencies.labelValues(operation);
            latency = histogram;
        }
        histogram.observe(nanos / OmMetrics.NANOS_PER_SECOND);
    }

    public void recordStage(Stage stage, long nanos) {
        DistributionDataPoint histogram = stages.get(stage);
        if (histogram == null) {
            histogram = stages.computeIfAbsent(stage, s -> stageLatencies.labelValues(operation, s.label()));
        }
        histogram.observe(nanos / OmMetrics.NANOS_PER_SECOND);
    }
}
