/**
 * OM metrics exported on {@code /prom}: {@link dev.o3.om.metrics.OmMetrics}.
 */
package dev.o3.om.metrics;
