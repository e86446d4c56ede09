/**
 * OM's apply path without Ratis or gRPC, the work the state machine does per committed log entry, and the key
 * lookup the leader serves: {@link dev.o3.benchmarks.om.KeyWriteApplyBenchmark}, {@link
 * dev.o3.benchmarks.om.KeyLookupBenchmark}, both on an {@link dev.o3.benchmarks.om.OmNamespace}.
 */
package dev.o3.benchmarks.om;
