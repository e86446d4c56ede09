/** The SSD read cache's offline simulation: admission policies and cache sizes replayed on a trace. */
package dev.o3.benchmarks.cache;
