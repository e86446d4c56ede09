package dev.o3.datanode.cache;

import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/** Exports the cache's {@link CacheStatus} on the datanode's {@code /prom}, read at scrape time. */
public final class CacheMetrics {
    public static final String HITS = "o3_datanode_cache_hits";
    public static final String MISSES = "o3_datanode_cache_misses";
    public static final String HIT_RATIO = "o3_datanode_cache_hit_ratio";
    public static final String READ_BYTES = "o3_datanode_cache_read_bytes";
    public static final String ADMISSIONS = "o3_datanode_cache_admissions";
    public static final String REJECTIONS = "o3_datanode_cache_rejections";
    public static final String EVICTIONS = "o3_datanode_cache_evictions";
    public static final String WRITTEN_BYTES = "o3_datanode_cache_written_bytes";
    public static final String REUSE_RATIO = "o3_datanode_cache_reuse_ratio";
    public static final String USED_BYTES = "o3_datanode_cache_used_bytes";
    public static final String CAPACITY_BYTES = "o3_datanode_cache_capacity_bytes";
    public static final String ERRORS = "o3_datanode_cache_errors";
    public static final String MODE = "o3_datanode_cache_mode";

    private CacheMetrics() {}

    /** Registers the cache's metrics. */
    public static void register(PrometheusRegistry registry, Supplier<CacheStatus> status) {
        counter(registry, HITS, "Client chunk reads served whole from the SSD cache", status, CacheStatus::hits);
        counter(
                registry,
                MISSES,
                "Client chunk reads of closed containers served from the volume",
                status,
                s -> s.misses());
        counter(
                registry,
                ADMISSIONS,
                "Chunks the admission policy let into the SSD cache",
                status,
                s -> s.admissions());
        counter(
                registry,
                REJECTIONS,
                "Missed chunks not cached: refused by the admission policy or the page writer was busy",
                status,
                s -> s.rejections());
        counter(registry, EVICTIONS, "Pages evicted from the SSD cache for room", status, s -> s.evictions());
        CounterWithCallback.builder()
                .name(WRITTEN_BYTES)
                .help("Bytes written to the SSD cache device")
                .unit(Unit.BYTES)
                .callback(callback -> callback.call((double) status.get().bytesWritten()))
                .register(registry);
        CounterWithCallback.builder()
                .name(READ_BYTES)
                .help("Chunk bytes of client reads of closed containers, by where they came from (cache or volume)")
                .unit(Unit.BYTES)
                .labelNames("source")
                .callback(callback -> {
                    CacheStatus now = status.get();
                    callback.call((double) now.bytesFromCache(), "cache");
                    callback.call((double) now.bytesFromVolume(), "volume");
                })
                .register(registry);
        CounterWithCallback.builder()
                .name(ERRORS)
                .help("SSD cache pages that could not be served (corrupt, missing) and cache device I/O errors")
                .labelNames("kind")
                .callback(callback -> {
                    CacheStatus now = status.get();
                    callback.call((double) now.corruptPages(), "corrupt");
                    callback.call((double) now.missingPages(), "missing");
                    callback.call((double) now.deviceErrors(), "device");
                })
                .register(registry);
        gauge(registry, HIT_RATIO, "Hits / (hits + misses) since start", status, CacheStatus::hitRatio);
        gauge(
                registry,
                REUSE_RATIO,
                "Admitted pages read again at least once / admitted pages",
                status,
                CacheStatus::reuseRatio);
        GaugeWithCallback.builder()
                .name(USED_BYTES)
                .help("Bytes of pages in the SSD cache")
                .unit(Unit.BYTES)
                .callback(callback -> callback.call((double) status.get().usedBytes()))
                .register(registry);
        GaugeWithCallback.builder()
                .name(CAPACITY_BYTES)
                .help("Configured capacity of the SSD cache")
                .unit(Unit.BYTES)
                .callback(callback -> callback.call((double) status.get().capacityBytes()))
                .register(registry);
        GaugeWithCallback.builder()
                .name(MODE)
                .help("1 for the SSD cache's current mode (enabled, shadow, disabled, failed)")
                .labelNames("mode")
                .callback(callback -> callback.call(1, status.get().mode().toLowerCase(Locale.ROOT)))
                .register(registry);
    }

    private static void counter(
            PrometheusRegistry registry,
            String name,
            String help,
            Supplier<CacheStatus> status,
            ToDoubleFunction<CacheStatus> value) {
        CounterWithCallback.builder()
                .name(name)
                .help(help)
                .callback(callback -> callback.call(value.applyAsDouble(status.get())))
                .register(registry);
    }

    private static void gauge(
            PrometheusRegistry registry,
            String name,
            String help,
            Supplier<CacheStatus> status,
            ToDoubleFunction<CacheStatus> value) {
        GaugeWithCallback.builder()
                .name(name)
                .help(help)
                .callback(callback -> callback.call(value.applyAsDouble(status.get())))
                .register(registry);
    }
}
