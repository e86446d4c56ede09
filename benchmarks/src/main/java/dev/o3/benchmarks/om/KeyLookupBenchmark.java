package dev.o3.benchmarks.om;

import dev.o3.om.request.OmException;
import dev.o3.proto.om.BucketLayout;
import dev.o3.proto.om.KeyInfo;
import java.util.Arrays;
import java.util.Collections;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A LookupKey as the leader serves it (bucket, permission check, key row), without gRPC. The keys are written through
 * the apply path and flushed first, so every lookup misses the applied-state cache; they are looked up in a shuffled
 * order. {@code flushedRows} 0 reads every row from RocksDB; otherwise rows read once are kept parsed
 * ({@code ozone.om.key.cache.rows}), in 131,072 slots for 100,000 keys read in a cycle.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class KeyLookupBenchmark {
    @Param({"OBJECT_STORE", "FILE_SYSTEM_OPTIMIZED"})
    private BucketLayout layout;

    @Param("100000")
    private int keys;

    @Param({"0", "131072"})
    private int flushedRows;

    private OmNamespace namespace;
    private String[] names;
    private int next;

    @Setup(Level.Trial)
    public void open() throws InterruptedException {
        namespace = new OmNamespace(layout, flushedRows);
        names = new String[keys];
        for (int i = 0; i < keys; i++) {
            names[i] = "key-" + i;
            namespace.createAndCommitKey(names[i], i + 1);
        }
        namespace.awaitFlushed();
        Collections.shuffle(Arrays.asList(names), new Random(keys));
    }

    @TearDown(Level.Trial)
    public void close() {
        namespace.close();
    }

    @Benchmark
    public KeyInfo lookup() throws OmException {
        String name = names[next];
        next = next + 1 == names.length ? 0 : next + 1;
        return namespace.lookup(name);
    }
}
