/**
 * JMH microbenchmarks of O3's hot paths, one package per path ({@code checksum}, {@code om}, {@code datanode}); run
 * them with the {@code benchmarks} Maven profile (docs/benchmarks.md). {@link dev.o3.benchmarks.TempDirectory} holds
 * the on-disk state of a trial.
 */
package dev.o3.benchmarks;
