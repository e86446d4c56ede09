/**
 * The metrics scheme every daemon follows ({@link dev.o3.server.metrics.MetricScheme}: {@code o3_<component>_<name>}
 * with a help text) and the export of Ratis' own metrics to the daemon's Prometheus registry
 * ({@link dev.o3.server.metrics.RatisMetricsCollector}).
 */
package dev.o3.server.metrics;
