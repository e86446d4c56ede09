/** Per-operation metrics of the S3 gateway on {@code /prom}: {@link dev.o3.s3gateway.metrics.S3Metrics}. */
package dev.o3.s3gateway.metrics;
