package dev.o3.benchmarks.om;

import dev.o3.om.apply.AppliedTransaction;
import dev.o3.proto.om.BucketLayout;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What OM's state machine pays per committed log entry of a key write: {@link #createAndCommitKey} applies CreateKey
 * and then CommitKey of a new key through the {@link dev.o3.om.apply.TransactionApplier} (handler, applied-state cache,
 * double buffer, and with {@code requestIds} the retry cache) while the store's flusher writes the batches to RocksDB
 * in the background, so a flusher that falls behind shows up as back-pressure. The score is per transaction (two per
 * key).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class KeyWriteApplyBenchmark {
    @Param({"OBJECT_STORE", "FILE_SYSTEM_OPTIMIZED"})
    private BucketLayout layout;

    /** Whether requests carry client request ids (as the product's clients send them), so the retry cache works. */
    @Param({"false", "true"})
    private boolean requestIds;

    private OmNamespace namespace;
    private long keys;

    @Setup(Level.Trial)
    public void open() {
        namespace = new OmNamespace(layout);
    }

    @TearDown(Level.Trial)
    public void close() {
        namespace.close();
    }

    @Benchmark
    @OperationsPerInvocation(2)
    public AppliedTransaction createAndCommitKey() {
        long id = ++keys;
        return namespace.createAndCommitKey("key-" + id, id, requestIds);
    }
}
