/**
 * SCM's metrics on {@code /prom}, all named {@code o3_scm_<name>}: {@link dev.o3.scm.metrics.ScmMetrics} holds the
 * counters the managers record into and the gauges read from their state at scrape time.
 */
package dev.o3.scm.metrics;
